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
    links?: { image?: string };
    files?: { uri?: string; cdn_uri?: string; mime?: string }[];
  };
  grouping?: { group_key: string; group_value: string; collection_metadata?: { name?: string } }[];
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
  token_info?: { balance?: number; decimals?: number; associated_token_address?: string; token_program?: string; supply?: number };
  burnt?: boolean;
}

export interface DasPage {
  total: number;
  limit: number;
  page?: number;
  items: DasAsset[];
}

export interface DasClient extends RpcClient {
  /** Every asset of an owner, walking all pages (1000 per page, bounded). */
  getAllAssetsByOwner(owner: string): Promise<DasAsset[]>;
}

const PAGE_LIMIT = 1000;
const MAX_PAGES = 50;

export function createDasClient(transport: RpcTransport): DasClient {
  const rpc = createRpcClient(transport);
  return {
    ...rpc,
    async getAllAssetsByOwner(owner) {
      const all: DasAsset[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const res = await rpc.call<DasPage>('getAssetsByOwner', { ownerAddress: owner, page, limit: PAGE_LIMIT });
        const items = res?.items ?? [];
        all.push(...items);
        // Helius' `total` counts this page only, so the end is the first short (or empty) page.
        if (items.length === 0 || items.length < Math.min(res?.limit || PAGE_LIMIT, PAGE_LIMIT)) break;
      }
      return all;
    },
  };
}
