import { z } from 'zod';
import { signedAuthFields } from '../auth/schema';
import { base58Address, cacheBust, signature64 } from '../schemas';

export const DelegateAssetSchema = {
  params: z.strictObject({ assetId: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
export const DelegatedTransferSchema = {
  body: z.strictObject({
    sender: base58Address,
    assetId: base58Address,
    signedMessage: signature64.optional(),
    ...signedAuthFields,
    proofData: z.unknown().optional(),
  }),
};
