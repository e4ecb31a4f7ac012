// The bytes of an initialised SPL Token account, laid out by @solana/spl-token's own AccountLayout (not the app's
// decoder, so a test never checks our reading against itself). Wrapped SOL records its rent reserve in `isNative`,
// as the token program does (spl-token state.rs, `Account::is_native`).
import { ACCOUNT_SIZE, AccountLayout, AccountState } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';

export function tokenAccountData(a: {
  mint: PublicKey;
  owner: PublicKey;
  amount?: bigint;
  nativeRent?: bigint;
}): Buffer {
  const data = Buffer.alloc(ACCOUNT_SIZE);
  AccountLayout.encode(
    {
      mint: a.mint,
      owner: a.owner,
      amount: a.amount ?? 0n,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: AccountState.Initialized,
      isNativeOption: a.nativeRent === undefined ? 0 : 1,
      isNative: a.nativeRent ?? 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  return data;
}
