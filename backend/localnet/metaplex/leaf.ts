// Bubblegum's LeafSchema V1 hashing, with mpl-bubblegum's own hash functions: data hash and creator hash from the
// metadata args, and leaf = keccak(version, asset id, owner, delegate, nonce, data hash, creator hash).
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { none, some, type PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import {
  TokenProgramVersion,
  TokenStandard,
  hash,
  hashAssetData,
  hashCollection,
  hashMetadataCreators,
  hashMetadataData,
  hashMetadataDataV2,
  type MetadataArgsArgs,
  type MetadataArgsV2Args,
} from '@metaplex-foundation/mpl-bubblegum';

export interface CnftContent {
  name: string;
  symbol: string;
  uri: string;
  collection: string;
  creators: { address: string; share: number; verified: boolean }[];
}

/** The metadata args a DAS client (mpl-bubblegum getAssetWithProof) reconstructs from our getAsset answer. */
export function metadataArgs(c: CnftContent): MetadataArgsArgs {
  return {
    name: c.name,
    symbol: c.symbol,
    uri: c.uri,
    sellerFeeBasisPoints: 0,
    primarySaleHappened: false,
    isMutable: true,
    editionNonce: none(),
    tokenStandard: some(TokenStandard.NonFungible),
    collection: some({ key: c.collection as UmiPublicKey, verified: true }),
    uses: none(),
    tokenProgramVersion: TokenProgramVersion.Original,
    creators: c.creators.map((x) => ({ ...x, address: x.address as UmiPublicKey })),
  };
}

export function contentHashes(c: CnftContent): { dataHash: string; creatorHash: string } {
  const args = metadataArgs(c);
  return {
    dataHash: bs58.encode(hashMetadataData(args)),
    creatorHash: bs58.encode(hashMetadataCreators(args.creators)),
  };
}

export interface LeafFields {
  id: string;
  owner: string;
  delegate: string;
  nonce: number;
  dataHash: Uint8Array;
  creatorHash: Uint8Array;
}

export function leafHash(f: LeafFields): Buffer {
  const nonce = Buffer.alloc(8);
  nonce.writeBigUInt64LE(BigInt(f.nonce));
  const key = (a: string) => new PublicKey(a).toBytes();
  return Buffer.from(
    hash([Uint8Array.of(1), key(f.id), key(f.owner), key(f.delegate), nonce, f.dataHash, f.creatorHash]),
  );
}

// ---- LeafSchema V2 (mpl-bubblegum state/leaf_schema.rs LeafSchema::V2; the client's hashLeafV2) ----
// leaf = keccak(2, id, owner, delegate, nonce, data hash, creator hash, collection hash, asset data hash, flags);
// data hash over MetadataArgsV2 (collection: Option<Pubkey>); no collection hashes the default (zero) key.

/** MetadataArgsV2 as getAssetWithProof rebuilds it from a DAS answer (collection: the grouping's Core collection). */
export function metadataArgsV2(c: Omit<CnftContent, 'collection'> & { coreCollection?: string }): MetadataArgsV2Args {
  return {
    name: c.name,
    symbol: c.symbol,
    uri: c.uri,
    sellerFeeBasisPoints: 0,
    primarySaleHappened: false,
    isMutable: true,
    tokenStandard: some(TokenStandard.NonFungible),
    collection: c.coreCollection ? some(c.coreCollection as UmiPublicKey) : none(),
    creators: c.creators.map((x) => ({ ...x, address: x.address as UmiPublicKey })),
  };
}

export function contentHashesV2(c: Omit<CnftContent, 'collection'> & { coreCollection?: string }): {
  dataHash: string;
  creatorHash: string;
} {
  const args = metadataArgsV2(c);
  return {
    dataHash: bs58.encode(hashMetadataDataV2(args)),
    creatorHash: bs58.encode(hashMetadataCreators(args.creators)),
  };
}

export const collectionHashOf = (coreCollection: string | null) =>
  hashCollection((coreCollection ?? PublicKey.default.toBase58()) as UmiPublicKey);
export const DEFAULT_ASSET_DATA_HASH = hashAssetData(undefined);

export interface LeafFieldsV2 extends LeafFields {
  collectionHash: Uint8Array;
  assetDataHash: Uint8Array;
  flags: number;
}

export function leafHashV2(f: LeafFieldsV2): Buffer {
  const nonce = Buffer.alloc(8);
  nonce.writeBigUInt64LE(BigInt(f.nonce));
  const key = (a: string) => new PublicKey(a).toBytes();
  return Buffer.from(
    hash([
      Uint8Array.of(2),
      key(f.id),
      key(f.owner),
      key(f.delegate),
      nonce,
      f.dataHash,
      f.creatorHash,
      f.collectionHash,
      f.assetDataHash,
      Uint8Array.of(f.flags),
    ]),
  );
}
