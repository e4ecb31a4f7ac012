import { DAS_DISPLAY_OPTIONS } from './dasParse';
import { createRpcClient, type RpcClient, type RpcTransport } from '../rpc/rpc';

import type { DasAsset } from './dasAsset';

export type { DasAsset } from './dasAsset';

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
