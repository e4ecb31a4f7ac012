// docs/PRODUCT.md#server-calls the indexer (DAS) endpoints: a wallet's NFTs and cNFTs, one asset, its proof, a diagnostic.
import type { AssetKind } from '../../chain/assetKind';
import type { ApiResult } from './result';

/** The compression object of a DAS asset. */
export interface AssetCompression {
  compressed: boolean;
  tree: string;
  root?: string;
  data_hash: string;
  creator_hash: string;
  leaf_id: number;
  /** Bubblegum V2 leaves (PRODUCT difference 12): LeafSchema V2 hashes and flags, as DAS answers them. */
  collection_hash?: string;
  asset_data_hash?: string;
  flags?: number;
}
export interface AssetOwnership {
  owner: string;
  delegate: string | null;
  delegated: boolean;
  frozen?: boolean;
  non_transferable?: boolean;
}
/** One NFT or cNFT of a wallet, as the indexer endpoints answer it. */
export interface WalletAsset {
  /** Asset id; for a regular NFT the mint. */
  id: string;
  mint: string;
  name: string;
  symbol?: string;
  image: string | null;
  /** Collection name; null when unknown (the UI shows 'Unknown Collection'). */
  collection: string | null;
  collectionAddress?: string | null;
  /** Regular NFTs: the owner's token account and the metadata account. */
  tokenAddress?: string | null;
  metadataAddress?: string | null;
  tokenProgram?: string;
  compressed: boolean;
  compression?: AssetCompression;
  ownership?: AssetOwnership;
  /** PRODUCT difference 12: the asset's kind (src/chain/assetKind.ts) and, when it cannot be burned or moved, why. */
  kind?: AssetKind;
  blocked?: string;
}
/** GET /api/helius/wallet/nfts/{wallet} */
export interface WalletNftsResponse extends ApiResult {
  data?: { regularNfts: WalletAsset[]; compressedNfts: WalletAsset[] };
  /** The indexer had more pages than the server reads: the lists are the first part only, `notice` says so. */
  truncated?: boolean;
  notice?: string;
}
/** GET /api/helius/assets/{wallet} and GET /api/helius/cnfts/{wallet} */
export interface AssetListResponse extends ApiResult {
  data?: WalletAsset[];
}

export interface AssetProofData {
  proof: string[];
  root: string;
  tree_id: string;
  node_index?: number;
  leaf_id?: number;
  data_hash?: string;
  creator_hash?: string;
  /** Leaf hash. */
  leaf?: string;
}
/** GET /api/helius/asset-proof/{assetId}?t=<timestamp> */
export interface AssetProofResponse extends ApiResult {
  data?: AssetProofData;
}
/** GET /api/helius/asset/{assetId} */
export interface AssetResponse extends ApiResult {
  data?: {
    id: string;
    name?: string;
    image?: string | null;
    /** Collection name (null when unknown) and address: the same two fields as in the listings. */
    collection?: string | null;
    collectionAddress?: string | null;
    burnt?: boolean;
    /** `root` and `proof` are filled for a live compressed asset. */
    compression: Partial<AssetCompression> & { compressed: boolean; proof?: string[] };
    ownership?: AssetOwnership;
  };
}
/** GET /api/asset/diagnostic/{assetId} */
export interface AssetDiagnosticResponse extends ApiResult {
  details?: {
    id: string;
    name?: string;
    compressed: boolean;
    burnt: boolean;
    owner: string | null;
    delegate: string | null;
    proof: AssetProofData | null;
    /** Proof nodes a transfer must carry (tree depth − canopy); null when the tree is unknown. */
    proofNodesNeeded: number | null;
    rootsMatch: boolean | null;
    [key: string]: unknown;
  };
  compression?: { tree: string | null; leaf_id: number | null; root: string | null; tree_root: string | null };
}
