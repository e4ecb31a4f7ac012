// Bubblegum's LeafSchema V1 hashing, with mpl-bubblegum's own hash functions: data hash and creator hash from the
// metadata args, and leaf = keccak(version, asset id, owner, delegate, nonce, data hash, creator hash).
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { none, some, type PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import {
  TokenProgramVersion, TokenStandard, hash, hashMetadataCreators, hashMetadataData, type MetadataArgsArgs,
} from '@metaplex-foundation/mpl-bubblegum';

export interface CnftContent {
  name: string; symbol: string; uri: string; collection: string;
  creators: { address: string; share: number; verified: boolean }[];
}

/** The metadata args a DAS client (mpl-bubblegum getAssetWithProof) reconstructs from our getAsset answer. */
export function metadataArgs(c: CnftContent): MetadataArgsArgs {
  return {
    name: c.name, symbol: c.symbol, uri: c.uri, sellerFeeBasisPoints: 0, primarySaleHappened: false, isMutable: true,
    editionNonce: none(), tokenStandard: some(TokenStandard.NonFungible),
    collection: some({ key: c.collection as UmiPublicKey, verified: true }), uses: none(),
    tokenProgramVersion: TokenProgramVersion.Original,
    creators: c.creators.map((x) => ({ ...x, address: x.address as UmiPublicKey })),
  };
}

export function contentHashes(c: CnftContent): { dataHash: string; creatorHash: string } {
  const args = metadataArgs(c);
  return { dataHash: bs58.encode(hashMetadataData(args)), creatorHash: bs58.encode(hashMetadataCreators(args.creators)) };
}

export interface LeafFields { id: string; owner: string; delegate: string; nonce: number; dataHash: Uint8Array; creatorHash: Uint8Array }

export function leafHash(f: LeafFields): Buffer {
  const nonce = Buffer.alloc(8);
  nonce.writeBigUInt64LE(BigInt(f.nonce));
  const key = (a: string) => new PublicKey(a).toBytes();
  return Buffer.from(hash([Uint8Array.of(1), key(f.id), key(f.owner), key(f.delegate), nonce, f.dataHash, f.creatorHash]));
}
