/** @jest-environment node */
// The page's own check of surplus sources (issue 15): only the owner's non-native token accounts and mints whose
// mint authority is the owner count, and their surplus is lamports − the chain's minimum for their size.
import * as T from '@solana/spl-token';
import { type AccountInfo, Keypair, PublicKey } from '@solana/web3.js';
import { verifySurplusSources } from '../../../src/features/vacant/surplusCheck';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../../src/common/addresses';

const owner = Keypair.generate().publicKey;
const stranger = Keypair.generate().publicKey;
const P = new PublicKey(TOKEN_PROGRAM);
const legacy = (n: number) => (n + 128) * 6960;
const minimum = (n: number) => (n + 128) * 5080;

function tokenAccount(who: PublicKey, mint = Keypair.generate().publicKey, native = false): AccountInfo<Buffer> {
  const data = Buffer.alloc(T.ACCOUNT_SIZE);
  T.AccountLayout.encode(
    {
      mint,
      owner: who,
      amount: 5n,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: T.AccountState.Initialized,
      isNativeOption: native ? 1 : 0,
      isNative: native ? 2_039_280n : 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  return { data, owner: P, lamports: legacy(T.ACCOUNT_SIZE), executable: false };
}
function mint(authority: PublicKey | null): AccountInfo<Buffer> {
  const data = Buffer.alloc(T.MINT_SIZE);
  T.MintLayout.encode(
    {
      mintAuthorityOption: authority ? 1 : 0,
      mintAuthority: authority ?? PublicKey.default,
      supply: 0n,
      decimals: 0,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  );
  return { data, owner: P, lamports: legacy(T.MINT_SIZE), executable: false };
}

it('keeps the owner’s accounts and mints, drops the rest, sums lamports − minimum', async () => {
  const chain = new Map<string, AccountInfo<Buffer>>();
  const add = (info: AccountInfo<Buffer>) => {
    const k = Keypair.generate().publicKey.toBase58();
    chain.set(k, info);
    return k;
  };
  const mine = add(tokenAccount(owner));
  const ownedMint = add(mint(owner));
  const theirs = add(tokenAccount(stranger));
  const wsol = add(tokenAccount(owner, new PublicKey(NATIVE_MINT), true));
  const foreignMint = add(mint(stranger));
  const notToken = add({ data: Buffer.alloc(0), owner: PublicKey.default, lamports: 5_000_000, executable: false });
  const reader = {
    getMultipleAccountsInfo: async (keys: PublicKey[]) => keys.map((k) => chain.get(k.toBase58()) ?? null),
    getMinimumBalanceForRentExemption: async (n: number) => minimum(n),
  };
  const r = await verifySurplusSources(reader, owner.toBase58(), [
    mine,
    ownedMint,
    theirs,
    wsol,
    foreignMint,
    notToken,
  ]);
  expect(r.sources).toEqual([mine, ownedMint]);
  expect(r.surplusLamports).toBe(legacy(165) - minimum(165) + legacy(82) - minimum(82)); // 550,840 + 395,200
});
