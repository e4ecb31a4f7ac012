import type { AssetKind } from '../../../chain/assetKind';
import type { AssetCompression, WalletAsset } from '../../../common/api';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { ASSETS, defaultNftName } from '../../../common/texts';
import type { DecodedMetadata } from '../../../chain/metadataAccount';

// The client-side NFT and cNFT of docs/PRODUCT.md#data-and-defaults with their defaults.

export interface Nft {
  mint: string;
  name: string;
  image: string;
  collection: string;
  tokenAddress: string | null;
  metadataAddress: string | null;
  tokenProgram?: string;
  /** PRODUCT difference 12: what kind of NFT this is, and what it cannot do (src/chain/assetKind.ts). */
  kind?: AssetKind;
  blocked?: string;
}

export interface Cnft {
  mint: string;
  name: string;
  image: string;
  collection: string;
  compression?: AssetCompression;
  delegated?: boolean;
  kind?: AssetKind;
  blocked?: string;
}

const text = (s: string | null | undefined): string => (s ?? '').replace(/\0+$/g, '').trim();

export function nftFromAsset(a: WalletAsset): Nft {
  const mint = a.mint || a.id;
  return {
    mint,
    name: text(a.name) || defaultNftName(mint),
    image: a.image || DEFAULT_NFT_IMAGE,
    collection: text(a.collection) || ASSETS.unknownCollection,
    tokenAddress: a.tokenAddress ?? null,
    metadataAddress: a.metadataAddress ?? null,
    tokenProgram: a.tokenProgram,
    ...(a.kind ? { kind: a.kind } : {}),
    ...(a.blocked ? { blocked: a.blocked } : {}),
  };
}

export function cnftFromAsset(a: WalletAsset): Cnft {
  const mint = a.id || a.mint;
  return {
    mint,
    name: text(a.name) || defaultNftName(mint),
    image: a.image || DEFAULT_NFT_IMAGE,
    collection: text(a.collection) || ASSETS.unknownCollection,
    compression: a.compression,
    delegated: a.ownership?.delegated,
    ...(a.kind ? { kind: a.kind } : {}),
    ...(a.blocked ? { blocked: a.blocked } : {}),
  };
}

/** An NFT found by the on-chain lookup: the token account plus whatever its metadata account says. */
export function nftFromChain(
  mint: string,
  tokenAddress: string,
  metadataAddress: string,
  meta: DecodedMetadata | null,
  tokenProgram?: string,
): Nft {
  return {
    mint,
    name: text(meta?.name) || defaultNftName(mint),
    image: meta && /\.(png|jpe?g|gif|svg|webp)(\?.*)?$/i.test(meta.uri) ? meta.uri : DEFAULT_NFT_IMAGE,
    collection: ASSETS.unknownCollection,
    tokenAddress,
    metadataAddress,
    tokenProgram,
  };
}

/** docs/PRODUCT.md#server-calls: items with a compressed flag are filtered out of the assets result. */
export const isCompressed = (a: WalletAsset): boolean => Boolean(a.compressed || a.compression?.compressed);
