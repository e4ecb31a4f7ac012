// §7.5 the server delegate: delegation info, proof, and the delegated transfer.
import type { AssetProofData } from './assets';
import type { ApiResult } from './result';

/** GET /api/delegate/info/{assetId} */
export interface DelegationInfo {
  delegated: boolean;
  delegate: string | null;
}
export interface DelegateInfoResponse extends ApiResult {
  /** `delegated` is true only when the asset is delegated to this server's delegate. */
  delegationInfo?: DelegationInfo;
  serverDelegate?: string | null;
  owner?: string;
}
/** GET /api/delegate/proof/{assetId} */
export interface DelegateProofResponse extends ApiResult {
  proofData?: AssetProofData;
}
/** POST /api/delegated-transfer */
export interface DelegatedTransferRequest {
  sender: string;
  assetId: string;
  /** The 'delegated-transfer' text of this asset (src/common/authMessage.ts). */
  message: string;
  /** base64 signature of `message`; absent when `signedTransaction` carries it in a memo (PRODUCT difference 11). */
  signedMessage?: string;
  signedTransaction?: string;
  proofData: AssetProofData | null;
}
export interface DelegatedTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** Submitted, confirmation timed out (spec §4.6 'assumed success'). */
  pending?: boolean;
  message?: string;
}
