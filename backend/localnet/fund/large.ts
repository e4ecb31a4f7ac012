// The `large` profile: 1,000 fungible tokens, 200 empty token accounts (and, from the Metaplex plugin, 300 NFTs and
// 1,000 cNFTs), written directly with setAccount in the packed layouts of @solana/spl-token so it takes seconds.
import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { FundEnv } from './fundEnv';
import { largeToken } from './catalog';
import type { FundedEmptyAccount, FundedToken } from './manifest';
import { writeFungibleMetadata } from './metadata';

export const LARGE = { tokens: 1000, emptyAccounts: 200, nfts: 300, cnfts: 1000 };

function packMint(authority: PublicKey, decimals: number, supply: bigint): Uint8Array {
  const b = Buffer.alloc(T.MINT_SIZE);
  T.MintLayout.encode(
    {
      mintAuthorityOption: 1,
      mintAuthority: authority,
      supply,
      decimals,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    b,
  );
  return b;
}

function packAccount(mint: PublicKey, owner: PublicKey, amount: bigint): Uint8Array {
  const b = Buffer.alloc(T.ACCOUNT_SIZE);
  T.AccountLayout.encode(
    {
      mint,
      owner,
      amount,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: T.AccountState.Initialized,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    b,
  );
  return b;
}

const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));

/** Async only to yield now and then: the server keeps answering (and its keep-alive timers stay honest) meanwhile. */
export async function fundLargeTokens(
  env: FundEnv,
  owner: string,
): Promise<{ tokens: FundedToken[]; emptyAccounts: FundedEmptyAccount[] }> {
  const { chain, faucet } = env;
  const O = new PublicKey(owner);
  const mintRent = BigInt(chain.rent(T.MINT_SIZE));
  const accountRent = BigInt(chain.rent(T.ACCOUNT_SIZE));
  const write = (amount: bigint, decimals: number) => {
    const mint = new PublicKey(randomBytes(32)); // nobody signs for these mints: no key pair needed
    const ata = T.getAssociatedTokenAddressSync(mint, O);
    chain.setAccount(mint.toBase58(), {
      lamports: mintRent,
      data: packMint(faucet.publicKey, decimals, amount),
      owner: TOKEN_PROGRAM,
    });
    chain.setAccount(ata.toBase58(), {
      lamports: accountRent,
      data: packAccount(mint, O, amount),
      owner: TOKEN_PROGRAM,
    });
    return { mint: mint.toBase58(), account: ata.toBase58() };
  };
  const tokens: FundedToken[] = [];
  for (let n = 0; n < LARGE.tokens; n++) {
    if (n % 50 === 49) await yieldToEventLoop();
    const decimals = n % 10;
    const amount = BigInt(1 + ((n * 7919) % 100_000)) * 10n ** BigInt(decimals);
    const { mint, account } = write(amount, decimals);
    const meta = largeToken(n);
    const metadata = writeFungibleMetadata(chain, {
      mint,
      updateAuthority: faucet.publicKey.toBase58(),
      name: meta.name,
      symbol: meta.symbol,
      uri: meta.image,
    });
    tokens.push({ mint, account, program: TOKEN_PROGRAM, amount: amount.toString(), decimals, ...meta, metadata });
  }
  const emptyAccounts: FundedEmptyAccount[] = [];
  for (let n = 0; n < LARGE.emptyAccounts; n++) {
    const { mint, account } = write(0n, 6);
    emptyAccounts.push({ account, mint, program: TOKEN_PROGRAM, lamports: Number(accountRent) });
  }
  return { tokens, emptyAccounts };
}
