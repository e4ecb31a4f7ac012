import { z } from 'zod';
import { base58Address } from '../schemas';

export const BurnRequestSchema = {
  body: z.strictObject({ assetId: base58Address, ownerAddress: base58Address, signedMessage: z.string().min(1).max(200) }),
};
export const DelegateSchema = {
  body: z.strictObject({ ownerAddress: base58Address, assetId: base58Address, delegatePublicKey: base58Address }),
};
