// docs/PRODUCT.md#server-calls cNFT data: the cNFT fallback list, proofs (20 s, cache-busted), asset and diagnostic.
import { NO_CACHE_HEADERS, baseApi } from '../../../api/baseApi';
import type {
  AssetDiagnosticResponse,
  AssetListResponse,
  AssetProofResponse,
  AssetResponse,
} from '../../../common/api';
import { PROOF_FETCH_TIMEOUT_MS } from '../../../common/constants';
import { INDEXER } from '../nfts/nftsApi';

export const cnftsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWalletCnfts: build.query<AssetListResponse, string>({
      query: (wallet) => `${INDEXER}/cnfts/${encodeURIComponent(wallet)}`,
      providesTags: (_r, _e, wallet) => [{ type: 'Cnfts', id: wallet }],
    }),
    // A proof goes stale with every change to its tree: never served from a cache, ours or the browser's.
    getAssetProof: build.query<AssetProofResponse, string>({
      query: (assetId) => ({
        url: `${INDEXER}/asset-proof/${encodeURIComponent(assetId)}`,
        params: { t: Date.now() },
        headers: NO_CACHE_HEADERS,
        timeout: PROOF_FETCH_TIMEOUT_MS,
      }),
      keepUnusedDataFor: 0,
      forceRefetch: () => true,
    }),
    getAsset: build.query<AssetResponse, string>({
      query: (assetId) => `${INDEXER}/asset/${encodeURIComponent(assetId)}`,
      providesTags: (_r, _e, assetId) => [{ type: 'Asset', id: assetId }],
      keepUnusedDataFor: 0,
      forceRefetch: () => true,
    }),
    getAssetDiagnostic: build.query<AssetDiagnosticResponse, string>({
      query: (assetId) => `asset/diagnostic/${encodeURIComponent(assetId)}`,
      keepUnusedDataFor: 0,
      forceRefetch: () => true,
    }),
  }),
});

export const { useGetWalletCnftsQuery, useGetAssetProofQuery, useGetAssetQuery, useGetAssetDiagnosticQuery } = cnftsApi;
