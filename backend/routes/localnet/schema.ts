import { z } from 'zod';
import { localnetFundRequest } from '../../../src/common/api/localnet';

export const FundSchema = { body: localnetFundRequest };

export const FaultsSchema = {
  body: z
    .strictObject({
      expireBlockhash: z.literal(true).optional(),
      failNextSends: z.strictObject({ n: z.int().min(1).max(100), kind: z.enum(['timeout', '429']) }).optional(),
      delayConfirmations: z.strictObject({ ms: z.int().min(0).max(120_000) }).optional(),
    })
    .refine((b) => Object.keys(b).length > 0, { message: 'name at least one fault' }),
};
