// GET /api/relayer (PRODUCT difference 15): whether the server can pay the network fee for a wallet with no SOL, and its address.
import { baseApi } from '../../../api/baseApi';
import type { RelayerStatusResponse } from '../../../common/api';

export const relayerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRelayerStatus: build.query<RelayerStatusResponse, void>({
      query: () => 'relayer',
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetRelayerStatusQuery } = relayerApi;
