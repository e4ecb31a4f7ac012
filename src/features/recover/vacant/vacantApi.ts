// docs/PRODUCT.md#server-calls vacant accounts: list, prepare the close transactions, submit one signed transaction.
import { baseApi } from '../../../api/baseApi';
import type {
  PrepareBurnTransactionsRequest,
  PrepareBurnTransactionsResponse,
  SubmitBurnTransactionRequest,
  SubmitBurnTransactionResponse,
  VacantAccountsRequest,
  VacantAccountsResponse,
} from '../../../common/api';

export const vacantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVacantAccounts: build.mutation<VacantAccountsResponse, VacantAccountsRequest>({
      query: (body) => ({ url: 'burn-vacant-accounts', method: 'POST', body }),
    }),
    prepareBurnTransactions: build.mutation<PrepareBurnTransactionsResponse, PrepareBurnTransactionsRequest>({
      query: (body) => ({ url: 'prepare-burn-transactions', method: 'POST', body }),
    }),
    /** One signed transaction (spec) or all of one action at once (`signedTransactions`, PRODUCT difference 6). */
    submitBurnTransaction: build.mutation<SubmitBurnTransactionResponse, SubmitBurnTransactionRequest>({
      query: (body) => ({ url: 'submit-burn-transaction', method: 'POST', body }),
      invalidatesTags: ['Rent', 'Vacant'],
    }),
  }),
});

export const { useGetVacantAccountsMutation, usePrepareBurnTransactionsMutation, useSubmitBurnTransactionMutation } =
  vacantApi;
