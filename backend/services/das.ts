import { DAS_DISPLAY_OPTIONS } from './dasParse';
import { createRpcClient, type RpcClient, type RpcTransport } from './rpc';

/** DAS (Digital Asset Standard) methods; everything else goes to the Solana RPC. */
export const DAS_METHODS = new Set([
  'getAsset',
  'getAssets',
  'getAssetBatch',
  'getAssetProof',
  'getAssetProofs',
  'getAssetProofBatch',
  'getAssetsByOwner',
  'getAssetsByGroup',
  'getAssetsByCreator',
  'getAssetsByAuthority',
  'getAssetSignatures',
  'getSignaturesForAsset',
  'getTokenAccounts',
  'getNftEditions',
  'searchAssets',
]);

export interface DasAsset {
  id: string;
  interface?: string;
  content?: {
    json_uri?: string;
    metadata?: { name?: string; symbol?: string };
    links?: { image?: string; animation_url?: string; external_url?: string };
    files?: { uri?: string; cdn_uri?: string; mime?: string }[];
  };
  grouping?: {
    group_key: string;
    group_value: string;
    collection_metadata?: { name?: string; symbol?: string; image?: string };
  }[];
  compression?: {
    compressed: boolean;
    tree?: string;
    data_hash?: string;
    creator_hash?: string;
    leaf_id?: number;
    seq?: number;
    asset_hash?: string;
  };
  ownership?: { owner: string; delegate?: string | null; delegated?: boolean; frozen?: boolean };
  token_info?: {
    balance?: number;
    decimals?: number;
    associated_token_address?: string;
    token_program?: string;
    supply?: number;
    /** Helius' fungible extension: present only for priced tokens (PRODUCT difference 14). */
    price_info?: { price_per_token?: number; total_price?: number; currency?: string };
  };
  burnt?: boolean;
}

export interface DasPage {
  total: number;
  limit: number;
  page?: number;
  items: DasAsset[];
}

/** A wallet's assets from every page; `truncated` when the page bound stopped the walk before the last page. */
export interface DasWalk {
  items: DasAsset[];
  pages: number;
  truncated: boolean;
}

export interface DasClient extends RpcClient {
  /** Every asset of an owner, walking the pages to the end (1000 per page) up to `maxPages`. */
  getAllAssetsByOwner(owner: string): Promise<DasWalk>;
}

/** DAS answers at most 1000 items a page (Helius and Metaplex's reference indexer, docs/UPSTREAM.md). */
export const DAS_PAGE_LIMIT = 1000;
/** A wallet beyond 200 000 assets is cut short, with a note (DAS_MAX_PAGES). */
export const DEFAULT_DAS_MAX_PAGES = 200;

export function createDasClient(transport: RpcTransport, opts: { maxPages?: number } = {}): DasClient {
  const rpc = createRpcClient(transport);
  const maxPages = opts.maxPages ?? DEFAULT_DAS_MAX_PAGES;
  return {
    ...rpc,
    async getAllAssetsByOwner(owner) {
      const items: DasAsset[] = [];
      for (let page = 1; ; page++) {
        const res = await rpc.call<DasPage>('getAssetsByOwner', {
          ownerAddress: owner,
          page,
          limit: DAS_PAGE_LIMIT,
          displayOptions: DAS_DISPLAY_OPTIONS,
        });
        const got = res?.items ?? [];
        items.push(...got);
        // Helius' `total` counts this page only, so the end is the first short (or empty) page.
        if (got.length === 0 || got.length < Math.min(res?.limit || DAS_PAGE_LIMIT, DAS_PAGE_LIMIT))
          return { items, pages: page, truncated: false };
        if (page >= maxPages) return { items, pages: page, truncated: true };
      }
    },
  };
}
