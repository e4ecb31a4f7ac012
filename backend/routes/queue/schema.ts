import { z } from 'zod';
import { VALIDATION } from '../../../src/common/texts';
import { signedAuthFields } from '../auth/schema';
import { base58Address, signature64 } from '../schemas';

/** Most assets one queue may hold. */
export const MAX_QUEUE_ASSETS = 100;
const queueId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid queue id');

export const QueueCreateSchema = {
  body: z.strictObject({
    ownerAddress: base58Address,
    assets: z
      .array(
        z.object({
          assetId: base58Address,
          name: z.string().max(200).optional().default(''),
          image: z.string().max(2000).nullable().optional().default(null),
        }),
      )
      .min(1, VALIDATION.noAssetsSelected)
      .max(MAX_QUEUE_ASSETS),
  }),
};
export const QueueAuthorizeSchema = {
  body: z.strictObject({
    queueId,
    ownerAddress: base58Address,
    signature: signature64.optional(),
    ...signedAuthFields,
  }),
};
export const QueueIdSchema = { params: z.strictObject({ queueId }) };
export const QueueCancelSchema = {
  params: z.strictObject({ queueId }),
  // The owner's access token (Authorization: Bearer), or a signed 'queue-cancel' authorisation in the body.
  body: z.strictObject({
    ownerAddress: base58Address.optional(),
    signature: signature64.optional(),
    ...signedAuthFields,
  }),
};
