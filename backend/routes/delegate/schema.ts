import { z } from 'zod';
import { delegatedTransferRequest } from '../../../src/common/api/delegate';
import { base58Address, cacheBust } from '../schemas';

export const DelegateAssetSchema = {
  params: z.strictObject({ assetId: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
export const DelegatedTransferSchema = { body: delegatedTransferRequest };
