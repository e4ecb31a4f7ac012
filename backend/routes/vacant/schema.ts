import {
  prepareBurnTransactionsRequest,
  submitBurnTransactionRequest,
  vacantAccountsRequest,
} from '../../../src/common/api/vacant';

export const VacantListSchema = { body: vacantAccountsRequest };
export const PrepareSchema = { body: prepareBurnTransactionsRequest };
export const SubmitSchema = { body: submitBurnTransactionRequest };
