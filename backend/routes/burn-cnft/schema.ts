import { z } from 'zod';
import { base58Address } from '../schemas';

export const BurnCnftSchema = {
  params: z.strictObject({ assetId: base58Address }),
  body: z.strictObject({ cachedProofData: z.unknown().optional(), ownerAddress: base58Address.optional() }),
};
