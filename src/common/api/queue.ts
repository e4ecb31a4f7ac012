// §7.5 the server queue of cNFT transfers: create, authorise, poll, cancel.
import type { SignedAuthorization } from './auth';
import type { ApiResult } from './result';

/** POST /api/queue/create */
export interface QueueAsset {
  assetId: string;
  name: string;
  image: string | null;
}
export interface QueueCreateRequest {
  ownerAddress: string;
  assets: QueueAsset[];
}
export interface QueueCreateResponse extends ApiResult {
  queueId?: string;
}
/**
 * POST /api/queue/authorize — `message`: the 'queue-authorize' text naming the queue and exactly its assets
 * (src/common/authMessage.ts); `signature`: base64 of the owner's signature of it, or `signedTransaction` (memo form).
 */
export interface QueueAuthorizeRequest extends SignedAuthorization {
  queueId: string;
  ownerAddress: string;
  signature?: string;
}
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
export interface QueueCancelRequest extends Partial<SignedAuthorization> {
  queueId: string;
  ownerAddress?: string;
  signature?: string;
}
/** The server answers the queue's real status after the cancel (items already moved stay moved). */
export type QueueCancelResponse = ApiResult & { status?: QueueStatus };
