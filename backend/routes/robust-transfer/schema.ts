import { z } from 'zod';
import { base58Address, base64Transaction } from '../schemas';

export const RobustTransferSchema = {
  body: z.strictObject({
    assetId: base58Address,
    destinationAddress: base58Address,
    signedTransaction: base64Transaction,
  }),
};
