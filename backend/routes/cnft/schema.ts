import { z } from 'zod';
import { SIMULATED_SIGNATURE } from '../../../src/common/constants';
import { signedAuthFields } from '../auth/schema';
import { base58Address, signature64 } from '../schemas';

export const BurnRequestSchema = {
  body: z.strictObject({
    assetId: base58Address,
    ownerAddress: base58Address,
    signedMessage: z.union([z.literal(SIMULATED_SIGNATURE), signature64]).optional(),
    ...signedAuthFields,
  }),
};
export const DelegateSchema = {
  body: z.strictObject({ ownerAddress: base58Address, assetId: base58Address, delegatePublicKey: base58Address }),
};
