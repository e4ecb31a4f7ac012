// Regular NFTs: mint (supply 1, 0 decimals, authorities = the edition PDA as on mainnet), the owner's associated
// token account, Token Metadata's metadata and master edition accounts — all written directly to the chain.
import { randomBytes } from 'node:crypto';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { Chain } from '../chain';
import { encodeMasterEdition, encodeMetadata, encodeMint, encodeTokenAccount } from './accounts';
import {
  DEMO_IMAGES,
  EDITION_SIZE,
  METADATA_SIZE,
  MINT_SIZE,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
} from './constants';
import { mintNftByTransaction } from './nftMint';
import { associatedTokenAddress, editionPda, metadataPda } from './pdas';

export interface NftEntry {
  mint: string;
  tokenAccount: string;
  metadata: string;
  edition: string;
  name: string;
  symbol: string;
  uri: string;
  image: string;
}

export interface MediaUrls {
  image(kind: 'nft' | 'cnft', n: number): string;
  json(kind: 'nft' | 'cnft', n: number): string;
}

export function mediaUrls(base = ''): MediaUrls {
  const n1 = (n: number) => ((n - 1) % DEMO_IMAGES) + 1;
  return {
    image: (kind, n) => `${base}/static/demo/${kind}-${n1(n)}.svg`,
    json: (kind, n) => `${base}/static/demo/${kind}-${n1(n)}.json`,
  };
}

export interface NftSpec {
  owner: string;
  name: string;
  symbol: string;
  uri: string;
  image: string;
  updateAuthority: string;
  collection?: string;
  collectionSize?: number;
}

/**
 * Writes one complete NFT. The rent of every account is exactly the rent-exempt minimum for its size. With a `payer`
 * the mint and token account are made by real SPL transactions; without, everything is written directly (fast).
 */
export function writeNft(chain: Chain, spec: NftSpec, payer?: Keypair): NftEntry {
  // A direct write needs no mint key: random 32 bytes make a fine mint address.
  const mintKp = payer ? Keypair.generate() : null;
  const mint = mintKp ? mintKp.publicKey.toBase58() : new PublicKey(randomBytes(32)).toBase58();
  const metadata = metadataPda(mint);
  const edition = editionPda(mint);
  const tokenAccount = associatedTokenAddress(spec.owner, mint);
  const rent = (n: number) => BigInt(chain.rent(n));
  if (payer && mintKp) mintNftByTransaction(chain, payer, spec.owner, edition, mintKp);
  else {
    chain.setAccount(mint, {
      lamports: rent(MINT_SIZE),
      owner: TOKEN_PROGRAM,
      data: encodeMint({ authority: edition, supply: 1n, decimals: 0, freezeAuthority: edition }),
    });
    chain.setAccount(tokenAccount, {
      lamports: rent(TOKEN_ACCOUNT_SIZE),
      owner: TOKEN_PROGRAM,
      data: encodeTokenAccount({ mint, owner: spec.owner, amount: 1n }),
    });
  }
  chain.setAccount(metadata, {
    lamports: rent(METADATA_SIZE),
    owner: TOKEN_METADATA_PROGRAM,
    data: encodeMetadata({
      mint,
      updateAuthority: spec.updateAuthority,
      name: spec.name,
      symbol: spec.symbol,
      uri: spec.uri,
      collection: spec.collection,
      collectionSize: spec.collectionSize,
      creators: [{ address: spec.updateAuthority, verified: true, share: 100 }],
    }),
  });
  chain.setAccount(edition, {
    lamports: rent(EDITION_SIZE),
    owner: TOKEN_METADATA_PROGRAM,
    data: encodeMasterEdition(),
  });
  return {
    mint,
    tokenAccount,
    metadata,
    edition,
    name: spec.name,
    symbol: spec.symbol,
    uri: spec.uri,
    image: spec.image,
  };
}

/** One collection NFT plus `count` NFTs in it, all held by `owner`. `serial` numbers the names across calls. */
export function fundNfts(
  chain: Chain,
  owner: string,
  count: number,
  media: MediaUrls,
  serial: () => number,
  authority: string,
  payer?: Keypair,
): { collection: NftEntry; nfts: NftEntry[] } {
  const c = serial();
  const collection = writeNft(
    chain,
    {
      owner,
      name: `SolBack Demo Collection ${c}`,
      symbol: 'SBDC',
      updateAuthority: authority,
      uri: media.json('nft', c),
      image: media.image('nft', c),
      collectionSize: count,
    },
    payer,
  );
  const nfts: NftEntry[] = [];
  for (let i = 0; i < count; i++) {
    const n = serial();
    nfts.push(
      writeNft(
        chain,
        {
          owner,
          name: `SolBack Demo #${n}`,
          symbol: 'SBD',
          updateAuthority: authority,
          uri: media.json('nft', n),
          image: media.image('nft', n),
          collection: collection.mint,
        },
        payer,
      ),
    );
  }
  return { collection, nfts };
}
