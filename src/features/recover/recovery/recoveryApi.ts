// The recovery sources' calls: the list (GET /api/recoverable/:wallet, `?scope=all` for the whole plan) and the prepare (POST /api/prepare-recovery);
// the signed transactions go to POST /api/submit-burn-transaction (vacantApi) like every recovery.
import { baseApi } from '../../../api/baseApi';
import type { PrepareRecoveryRequest, PrepareRecoveryResponse, RecoverableResponse } from '../../../common/api';

export const recoveryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecoverable: build.query<RecoverableResponse, string>({
      query: (wallet) => `recoverable/${wallet}`,
      providesTags: ['Rent'],
      keepUnusedDataFor: 30,
    }),
    /** The one plan (docs/PRODUCT.md#recover-everything): every registered source; "More SOL" shows part of it. */
    getRecoveryPlan: build.query<RecoverableResponse, string>({
      query: (wallet) => `recoverable/${wallet}?scope=all`,
      providesTags: ['Rent'],
      keepUnusedDataFor: 30,
    }),
    prepareRecovery: build.mutation<PrepareRecoveryResponse, PrepareRecoveryRequest>({
      query: (body) => ({ url: 'prepare-recovery', method: 'POST', body }),
    }),
  }),
});

export const { useGetRecoverableQuery, useGetRecoveryPlanQuery } = recoveryApi;
