// GET /api/relayer (issue 20): whether the server can pay the network fee for a wallet with no SOL, and its address.
import { baseApi } from '../../api/baseApi';

export interface RelayerStatusBody {
  success: boolean;
  available: boolean;
  address: string | null;
  /** Why not, in plain words (completes "SolBack cannot pay the network fee right now: …"). */
  reason?: string;
}

export const relayerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRelayerStatus: build.query<RelayerStatusBody, void>({
      query: () => 'relayer',
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetRelayerStatusQuery } = relayerApi;
