import { z } from 'zod';
import { base58Address } from '../schemas';

export const BatchBurnNftSchema = {
  body: z.strictObject({
    nfts: z
      .array(
        z.object({
          mint: base58Address,
          tokenAccount: base58Address,
          name: z.string().max(200).optional().default(''),
        }),
      )
      .max(100),
    owner: base58Address,
  }),
};
