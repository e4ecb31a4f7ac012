import { z } from 'zod';
import { base58Address, cacheBust, signature64 } from '../schemas';

export const DelegateAssetSchema = {
  params: z.strictObject({ assetId: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
export const DelegatedTransferSchema = {
  body: z.strictObject({
    sender: base58Address,
    assetId: base58Address,
    signedMessage: signature64,
    proofData: z.unknown().optional(),
  }),
};
