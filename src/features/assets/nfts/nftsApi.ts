// docs/PRODUCT.md#server-calls NFTs: the combined wallet endpoint, the regular-assets fallback and the batch burn.
import { baseApi } from '../../../api/baseApi';
import type {
  AssetListResponse,
  BatchBurnNftRequest,
  BatchBurnNftResponse,
  WalletNftsResponse,
} from '../../../common/api';

/** The `{indexer}` path segment of the spec (README, settings). */
export const INDEXER = 'helius';

export const nftsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWalletNfts: build.query<WalletNftsResponse, string>({
      query: (wallet) => `${INDEXER}/wallet/nfts/${encodeURIComponent(wallet)}`,
      providesTags: (_r, _e, wallet) => [
        { type: 'Nfts', id: wallet },
        { type: 'Cnfts', id: wallet },
      ],
    }),
    getWalletAssets: build.query<AssetListResponse, string>({
      query: (wallet) => `${INDEXER}/assets/${encodeURIComponent(wallet)}`,
      providesTags: (_r, _e, wallet) => [{ type: 'Nfts', id: wallet }],
    }),
    batchBurnNft: build.mutation<BatchBurnNftResponse, BatchBurnNftRequest>({
      query: (body) => ({ url: 'batch-burn-nft', method: 'POST', body }),
    }),
  }),
});

export const { useGetWalletNftsQuery, useGetWalletAssetsQuery, useBatchBurnNftMutation } = nftsApi;
