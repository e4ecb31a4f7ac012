import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const DelegateAssetSchema = { params: z.strictObject({ assetId: base58Address }), query: z.strictObject({ ...cacheBust }) };
export const DelegatedTransferSchema = {
  body: z.strictObject({
    sender: base58Address,
    assetId: base58Address,
    signedMessage: z.string().min(1).max(200),
    proofData: z.unknown().optional(),
  }),
};
