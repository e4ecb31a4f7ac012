// §7.5 the server queue of cNFT transfers: create, authorise, poll, cancel.
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
  /** The exact text to sign for /api/queue/authorize. */
  message?: string;
}
/** POST /api/queue/authorize — `signature`: base64 of the owner's signature of `authorizationMessages.queue(queueId)`. */
export interface QueueAuthorizeRequest {
  queueId: string;
  ownerAddress: string;
  signature: string;
}
export type QueueAuthorizeResponse = ApiResult;
/** GET /api/queue/status/{queueId} */
export interface QueueStatus {
  pending?: number;
  processing: number;
  completed: number;
  failed: number;
  isComplete: boolean;
  lastSignature: string | null;
  completedAssets: { assetId: string; name: string; signature: string }[];
  failedAssets: { assetId: string; name: string; error: string }[];
}
export interface QueueStatusResponse extends ApiResult {
  status?: QueueStatus;
}
/** POST /api/queue/cancel/{queueId} — the spec leaves the body open; we send the owner. */
export interface QueueCancelRequest {
  queueId: string;
  ownerAddress?: string;
}
export type QueueCancelResponse = ApiResult;
