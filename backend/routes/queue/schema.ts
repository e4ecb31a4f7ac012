import { z } from 'zod';
import { queueAuthorizeRequest, queueCancelRequest, queueCreateRequest, queueId } from '../../../src/common/api/queue';

export const QueueCreateSchema = { body: queueCreateRequest };
export const QueueAuthorizeSchema = { body: queueAuthorizeRequest };
export const QueueIdSchema = { params: z.strictObject({ queueId }) };
export const QueueCancelSchema = {
  params: z.strictObject({ queueId }),
  // The owner's access token (Authorization: Bearer), or a signed 'queue-cancel' authorisation in the body.
  body: queueCancelRequest,
};
