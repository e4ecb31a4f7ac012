// Plain SPL token accounts written straight to the chain (the core's funding makes the real ones).
import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../../backend/localnet/chain';
import { encodeMint, encodeTokenAccount } from '../../../backend/localnet/metaplex/accounts';
import { TOKEN_PROGRAM } from '../../../backend/localnet/metaplex/constants';
import { associatedTokenAddress } from '../../../backend/localnet/metaplex/pdas';

export function createFungibles(chain: Chain, owner: string, count: number): string[] {
  const mints: string[] = [];
  for (let i = 0; i < count; i++) {
    const mint = new PublicKey(randomBytes(32)).toBase58(); // any 32 bytes: a mint needs no key here
    chain.setAccount(mint, {
      lamports: 1_461_600n,
      owner: TOKEN_PROGRAM,
      data: encodeMint({ authority: owner, supply: 5_000_000n, decimals: 6, freezeAuthority: null }),
    });
    chain.setAccount(associatedTokenAddress(owner, mint), {
      lamports: 2_039_280n,
      owner: TOKEN_PROGRAM,
      data: encodeTokenAccount({ mint, owner, amount: 5_000_000n }),
    });
    mints.push(mint);
  }
  return mints;
}
