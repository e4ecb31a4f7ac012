import { z } from 'zod';
import { burnCnftRequest } from '../../../src/common/api/cnft';
import { base58Address } from '../schemas';

export const BurnCnftSchema = {
  params: z.strictObject({ assetId: base58Address }),
  body: burnCnftRequest,
};
