import { z } from 'zod';
import { VALIDATION } from '../../../src/common/texts';
import { signedAuthFields } from '../auth/schema';
import { base58Address, signature64 } from '../schemas';

/** Longest asset name a queue keeps (longer ones are cut): queues are written to disk once authorised. */
export const MAX_QUEUE_NAME_CHARS = 100;
/** Longest picture URL a queue keeps; a longer one, or one that is not http(s), is dropped (the page shows its default). */
export const MAX_QUEUE_IMAGE_CHARS = 512;
const capName = (name: string) => name.slice(0, MAX_QUEUE_NAME_CHARS);
const keptImage = (image: string | null) =>
  image && image.length <= MAX_QUEUE_IMAGE_CHARS && /^https?:\/\//i.test(image) ? image : null;

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
          name: z.string().max(200).optional().default('').transform(capName),
          image: z.string().max(2000).nullable().optional().default(null).transform(keptImage),
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
