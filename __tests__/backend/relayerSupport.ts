// A wallet with no SOL at all and `count` SPL token accounts made at the legacy 6960 rate (2,039,280 each), empty
// unless `amount` is given, written straight into the local chain as the large profile does: an emptied wallet.
import { randomBytes } from 'node:crypto';
import { Keypair, PublicKey } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import type { Localnet } from '../../backend/localnet';
import { TOKEN_PROGRAM } from '../../src/common/addresses';
import { tokenAccountData } from '../support/tokenAccountData';

export function emptiedWallet(
  localnet: Localnet,
  count: number,
  amount = 0n,
  owner = Keypair.generate(),
): { owner: Keypair; accounts: string[] } {
  const legacy = (bytes: number) => (bytes + 128) * 6960;
  const accounts: string[] = [];
  for (let i = 0; i < count; i++) {
    const mint = new PublicKey(randomBytes(32));
    const mintData = Buffer.alloc(T.MINT_SIZE);
    T.MintLayout.encode(
      {
        mintAuthorityOption: 0,
        mintAuthority: PublicKey.default,
        supply: amount,
        decimals: 6,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      mintData,
    );
    localnet.chain.setAccount(mint.toBase58(), { lamports: legacy(T.MINT_SIZE), data: mintData, owner: TOKEN_PROGRAM });
    const account = T.getAssociatedTokenAddressSync(mint, owner.publicKey);
    const data = tokenAccountData({ mint, owner: owner.publicKey, amount });
    localnet.chain.setAccount(account.toBase58(), { lamports: legacy(T.ACCOUNT_SIZE), data, owner: TOKEN_PROGRAM });
    accounts.push(account.toBase58());
  }
  return { owner, accounts };
}

/** Puts `amount` tokens into a token account (as if someone sent some after preparing). */
export function giveTokens(localnet: Localnet, account: string, amount: bigint): void {
  const acc = localnet.chain.getAccount(account)!;
  const data = Buffer.from(acc.data);
  data.writeBigUInt64LE(amount, 64);
  localnet.chain.setAccount(account, { lamports: acc.lamports, data, owner: acc.owner });
}
