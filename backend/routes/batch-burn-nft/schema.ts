import { z } from 'zod';
import { MAX_NFTS_PER_BURN_REQUEST } from '../../../src/common/constants';
import { base58Address } from '../schemas';

/**
 * zod only bounds the body; it must stay well above MAX_NFTS_PER_BURN_REQUEST so that a request over the cap reaches
 * the route and gets its answer with maxBatchSize (the page's '{error} Please select {n} or fewer NFTs.'), not a
 * bare validation error. 1000 items ≈ 110 KB, under the 1 MB body limit.
 */
export const MAX_NFTS_IN_BODY = 20 * MAX_NFTS_PER_BURN_REQUEST;

export const BatchBurnNftSchema = {
  body: z.strictObject({
    nfts: z
      .array(
        z.object({
          mint: base58Address,
          tokenAccount: base58Address.optional(), // absent for a Metaplex Core asset (PRODUCT difference 12)
          name: z.string().max(200).optional().default(''),
        }),
      )
      .max(MAX_NFTS_IN_BODY),
    owner: base58Address,
  }),
};
