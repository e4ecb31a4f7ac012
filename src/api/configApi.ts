// docs/PRODUCT.md#server-calls GET /api/config, and the local chain's funding call (README, settings, local mode only).
import type { ConfigResponse, LocalnetFundRequest, LocalnetFundResponse } from '../common/api';
import { baseApi } from './baseApi';

export const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<ConfigResponse, void>({
      query: () => 'config',
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
    fundLocalWallet: build.mutation<LocalnetFundResponse, LocalnetFundRequest>({
      query: (body) => ({ url: 'localnet/fund', method: 'POST', body }),
      invalidatesTags: ['Tokens', 'Nfts', 'Cnfts', 'Rent', 'Vacant'],
    }),
  }),
});

export const { useGetConfigQuery, useFundLocalWalletMutation } = configApi;
