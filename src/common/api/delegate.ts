// docs/PRODUCT.md#server-calls the server delegate: delegation info, proof, and the delegated transfer.
import { z } from 'zod';
import type { AssetProofData } from './assets';
import { signedAuthFields } from './auth';
import { base58Address, signature64 } from './fields';
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
export const delegatedTransferRequest = z.strictObject({
  sender: base58Address,
  assetId: base58Address,
  /** base64 signature of `message` (the 'delegated-transfer' text of this asset, src/common/authMessage.ts); absent
   * when `signedTransaction` carries it in a memo (PRODUCT difference 11). */
  signedMessage: signature64.optional(),
  ...signedAuthFields,
  /** The proof the page read (AssetProofData) or null; ignored: the server reads a fresh one. */
  proofData: z.unknown().optional(),
});
export type DelegatedTransferRequest = z.input<typeof delegatedTransferRequest>;
export interface DelegatedTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** Submitted, confirmation timed out (docs/PRODUCT.md#trash-a-cnft 'assumed success'). */
  pending?: boolean;
  message?: string;
}
