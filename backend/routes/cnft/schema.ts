import { cnftBurnRequest, cnftDelegateRequest } from '../../../src/common/api/cnft';

export const BurnRequestSchema = { body: cnftBurnRequest };
export const DelegateSchema = { body: cnftDelegateRequest };
