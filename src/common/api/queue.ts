// docs/PRODUCT.md#server-calls the server queue of cNFT transfers: create, authorise, poll, cancel.
import { z } from 'zod';
import { VALIDATION } from '../texts';
import { signedAuthFields } from './auth';
import { base58Address, signature64, transactionSignature } from './fields';
import type { ApiResult } from './result';

/** Longest asset name a queue keeps (longer ones are cut): queues are written to disk once authorised. */
export const MAX_QUEUE_NAME_CHARS = 100;
/** Longest picture URL a queue keeps; a longer one, or one that is not http(s), is dropped (the page shows its default). */
export const MAX_QUEUE_IMAGE_CHARS = 512;
const capName = (name: string) => name.slice(0, MAX_QUEUE_NAME_CHARS);
const keptImage = (image: string | null) =>
  image && image.length <= MAX_QUEUE_IMAGE_CHARS && /^https?:\/\//i.test(image) ? image : null;

/** Most assets one queue may hold. */
export const MAX_QUEUE_ASSETS = 100;
export const queueId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid queue id');

const queueAsset = z.object({
  assetId: base58Address,
  name: z.string().max(200).optional().default('').transform(capName),
  image: z.string().max(2000).nullable().optional().default(null).transform(keptImage),
});
/** An asset as the queue keeps it (name cut, picture URL kept or dropped). */
export type QueueAsset = z.output<typeof queueAsset>;

/** POST /api/queue/create */
export const queueCreateRequest = z.strictObject({
  ownerAddress: base58Address,
  assets: z.array(queueAsset).min(1, VALIDATION.noAssetsSelected).max(MAX_QUEUE_ASSETS),
});
export type QueueCreateRequest = z.input<typeof queueCreateRequest>;
export interface QueueCreateResponse extends ApiResult {
  queueId?: string;
}
/**
 * POST /api/queue/authorize — `message`: the 'queue-authorize' text naming the queue and exactly its assets
 * (src/common/authMessage.ts); `signature`: base64 of the owner's signature of it, or `signedTransaction` (memo form),
 * or `memoSignature`: the signature of the owner's landed transaction holding only the memo of SHA-256(message),
 * sent in the same wallet request as the delegations (src/chain/authorizationMemo.ts).
 */
export const queueAuthorizeRequest = z.strictObject({
  queueId,
  ownerAddress: base58Address,
  signature: signature64.optional(),
  memoSignature: transactionSignature.optional(),
  ...signedAuthFields,
});
export type QueueAuthorizeRequest = z.input<typeof queueAuthorizeRequest>;
export interface QueueAuthorizeResponse extends ApiResult {
  /** The owner's access token for status and cancel (`Authorization: Bearer <token>`); keep it, never log it. */
  accessToken?: string;
}
/** GET /api/queue/status/{queueId} — header `Authorization: Bearer <accessToken>` (401 without, 403 another). */
export interface QueueStatus {
  pending?: number;
  processing: number;
  completed: number;
  failed: number;
  isComplete: boolean;
  lastSignature: string | null;
  completedAssets: { assetId: string; name: string; signature: string }[];
  failedAssets: { assetId: string; name: string; error: string }[];
  /** Items still in the owner's wallet and not being sent (pending, cancelled, failed): what a revoke would cover. */
  unmovedAssets?: { assetId: string; name: string; state: 'pending' | 'cancelled' | 'failed' }[];
}
export interface QueueStatusResponse extends ApiResult {
  status?: QueueStatus;
}
/**
 * POST /api/queue/cancel/{queueId} — the spec leaves the body open. The owner's proof: the header
 * `Authorization: Bearer <accessToken>`, or a signed 'queue-cancel' message in the body. Neither → 401.
 */
export const queueCancelRequest = z.strictObject({
  ownerAddress: base58Address.optional(),
  signature: signature64.optional(),
  ...signedAuthFields,
});
/** The body, and the queue's id (it goes in the path). */
export type QueueCancelRequest = z.input<typeof queueCancelRequest> & { queueId: string };
/** The server answers the queue's real status after the cancel (items already moved stay moved). */
export type QueueCancelResponse = ApiResult & { status?: QueueStatus };
