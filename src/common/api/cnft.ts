// §7.5 cNFT trash ways the server helps with: burn request, delegate, robust relay, owner burn.
import type { AssetProofData } from './assets';
import type { SignedAuthorization } from './auth';
import type { ApiResult } from './result';

/** POST /api/cnft/burn-request — `message`: the 'burn-request' text of this asset (src/common/authMessage.ts). */
export interface CnftBurnRequest extends Partial<SignedAuthorization> {
  assetId: string;
  ownerAddress: string;
  /** base64 signature of `message`, or 'simulated-signature' (spec §6; answered 400: a signature is required). */
  signedMessage?: string;
}
export interface CnftBurnResponse extends ApiResult {
  message?: string;
  signature?: string;
  explorerUrl?: string;
  isSimulated?: boolean;
  assetDetails?: { name: string; collection: string | null };
}

/** POST /api/cnft/delegate */
export interface CnftDelegateRequest {
  ownerAddress: string;
  assetId: string;
  delegatePublicKey: string;
}
export interface CnftDelegateResponse extends ApiResult {
  isSimulated?: boolean;
  message?: string;
  data?: {
    requiredProof: { proof: string[]; root: string };
    treeId: string;
    treeAuthority: string;
    delegate: string;
  };
  /** Unsigned Bubblegum delegate transaction for the owner to sign, base64. */
  transaction?: string;
}

/** POST /api/robust-transfer — a transaction signed in the browser (PRODUCT difference 1); `privateKeyBase58` gets 400. */
export interface RobustTransferRequest {
  assetId: string;
  destinationAddress: string;
  signedTransaction: string;
}
export interface RobustTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** 202: submitted, confirmation timed out ('assumed success', spec §4.6); `message` says so. */
  pending?: boolean;
  message?: string;
}

/** POST /api/burn-cnft/{assetId} */
export interface BurnCnftRequest {
  cachedProofData: AssetProofData | null;
}
export interface BurnCnftResponse extends ApiResult {
  signature?: string;
  message?: string;
  isSimulated?: boolean;
  owner?: string;
  /** Unsigned Bubblegum burn for the leaf owner to sign (PRODUCT difference 8), base64. */
  transaction?: string;
}
