// docs/PRODUCT.md#server-calls cNFT trash ways the server helps with: burn request, delegate, robust relay, owner burn.
import { z } from 'zod';
import { SIMULATED_SIGNATURE } from '../constants';
import { signedAuthFields } from './auth';
import { base58Address, base64Transaction, signature64 } from './fields';
import type { ApiResult } from './result';

/** POST /api/cnft/burn-request — `message`: the 'burn-request' text of this asset (src/common/authMessage.ts). */
export const cnftBurnRequest = z.strictObject({
  assetId: base58Address,
  ownerAddress: base58Address,
  /** base64 signature of `message`, or 'simulated-signature' (docs/PRODUCT.md#who-acts; answered 400: a signature is required). */
  signedMessage: z.union([z.literal(SIMULATED_SIGNATURE), signature64]).optional(),
  ...signedAuthFields,
});
export type CnftBurnRequest = z.input<typeof cnftBurnRequest>;
export interface CnftBurnResponse extends ApiResult {
  message?: string;
  signature?: string;
  explorerUrl?: string;
  isSimulated?: boolean;
  assetDetails?: { name: string; collection: string | null };
}

/** POST /api/cnft/delegate */
export const cnftDelegateRequest = z.strictObject({
  ownerAddress: base58Address,
  assetId: base58Address,
  delegatePublicKey: base58Address,
});
export type CnftDelegateRequest = z.input<typeof cnftDelegateRequest>;
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
export const robustTransferRequest = z.strictObject({
  assetId: base58Address,
  destinationAddress: base58Address,
  signedTransaction: base64Transaction,
});
export type RobustTransferRequest = z.input<typeof robustTransferRequest>;
export interface RobustTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** 202: submitted, confirmation timed out ('assumed success', docs/PRODUCT.md#trash-a-cnft); `message` says so. */
  pending?: boolean;
  message?: string;
}

/** POST /api/burn-cnft/{assetId} */
export const burnCnftRequest = z.strictObject({
  /** The proof the page read (AssetProofData), or null; the server reads a fresh one when it is stale. */
  cachedProofData: z.unknown().optional(),
  ownerAddress: base58Address.optional(),
});
export type BurnCnftRequest = z.input<typeof burnCnftRequest>;
export interface BurnCnftResponse extends ApiResult {
  signature?: string;
  message?: string;
  isSimulated?: boolean;
  owner?: string;
  /** Unsigned Bubblegum burn for the leaf owner to sign (PRODUCT difference 8), base64. */
  transaction?: string;
}
