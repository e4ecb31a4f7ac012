// docs/PRODUCT.md#server-calls cNFT trashing: burn request, delegate, robust transfer (browser-signed), server burn, delegated transfer.
import { baseApi } from '../../../api/baseApi';
import { delegatedTransferRetry } from '../../../api/retryPolicies';
import type {
  BurnCnftRequest,
  BurnCnftResponse,
  CnftBurnRequest,
  CnftBurnResponse,
  CnftDelegateRequest,
  CnftDelegateResponse,
  DelegateInfoResponse,
  DelegateProofResponse,
  DelegatedTransferRequest,
  DelegatedTransferResponse,
  RobustTransferRequest,
  RobustTransferResponse,
} from '../../../common/api';
import { DELEGATED_TRANSFER_TIMEOUT_MS } from '../../../common/constants';

export const trashApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cnftBurnRequest: build.mutation<CnftBurnResponse, CnftBurnRequest>({
      query: (body) => ({ url: 'cnft/burn-request', method: 'POST', body }),
      invalidatesTags: ['Cnfts'],
    }),
    cnftDelegate: build.mutation<CnftDelegateResponse, CnftDelegateRequest>({
      query: (body) => ({ url: 'cnft/delegate', method: 'POST', body }),
      invalidatesTags: (_r, _e, { assetId }) => [{ type: 'Delegation', id: assetId }],
    }),
    robustTransfer: build.mutation<RobustTransferResponse, RobustTransferRequest>({
      query: (body) => ({ url: 'robust-transfer', method: 'POST', body }),
      invalidatesTags: ['Cnfts'],
    }),
    burnCnft: build.mutation<BurnCnftResponse, { assetId: string } & BurnCnftRequest>({
      query: ({ assetId, ...body }) => ({ url: `burn-cnft/${encodeURIComponent(assetId)}`, method: 'POST', body }),
      invalidatesTags: ['Cnfts'],
    }),
    getDelegateInfo: build.query<DelegateInfoResponse, string>({
      query: (assetId) => `delegate/info/${encodeURIComponent(assetId)}`,
      providesTags: (_r, _e, assetId) => [{ type: 'Delegation', id: assetId }],
      keepUnusedDataFor: 0,
      forceRefetch: () => true,
    }),
    getDelegateProof: build.query<DelegateProofResponse, string>({
      query: (assetId) => `delegate/proof/${encodeURIComponent(assetId)}`,
      keepUnusedDataFor: 0,
      forceRefetch: () => true,
    }),
    delegatedTransfer: build.mutation<DelegatedTransferResponse, DelegatedTransferRequest>({
      query: (body) => ({
        url: 'delegated-transfer',
        method: 'POST',
        body,
        timeout: DELEGATED_TRANSFER_TIMEOUT_MS,
      }),
      extraOptions: { retry: delegatedTransferRetry },
      invalidatesTags: (_r, _e, { assetId }) => ['Cnfts', { type: 'Delegation', id: assetId }],
    }),
  }),
});

export const {
  useCnftBurnRequestMutation,
  useCnftDelegateMutation,
  useRobustTransferMutation,
  useBurnCnftMutation,
  useGetDelegateInfoQuery,
  useGetDelegateProofQuery,
  useDelegatedTransferMutation,
} = trashApi;
