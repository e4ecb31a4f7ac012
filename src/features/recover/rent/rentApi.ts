// docs/PRODUCT.md#server-calls GET /api/rent-estimate/{wallet}?useAccurateCalculator=true, 15 s time-out.
import { baseApi } from '../../../api/baseApi';
import type { RentEstimateResponse } from '../../../common/api';
import { RENT_ESTIMATE_TIMEOUT_MS } from '../../../common/constants';

export const rentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRentEstimate: build.query<RentEstimateResponse, string>({
      query: (wallet) => ({
        url: `rent-estimate/${encodeURIComponent(wallet)}`,
        params: { useAccurateCalculator: true },
        timeout: RENT_ESTIMATE_TIMEOUT_MS,
      }),
      providesTags: (_r, _e, wallet) => [{ type: 'Rent', id: wallet }],
    }),
  }),
});

export const { useGetRentEstimateQuery } = rentApi;
