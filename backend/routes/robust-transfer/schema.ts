import { z } from 'zod';
import { base58Address } from '../schemas';

export const RobustTransferSchema = {
  body: z.strictObject({
    assetId: base58Address,
    destinationAddress: base58Address,
    signedTransaction: z.string().min(1).max(4000),
  }),
};
