// The local chain only (404 in upstream mode): fund a wallet with demo assets.
import type { ApiResult } from './result';

/** POST /api/localnet/fund — 404 in upstream mode. */
export interface LocalnetFundRequest {
  owner: string;
  profile?: 'demo' | 'large';
}
export interface LocalnetFundResponse extends ApiResult {
  /** Every address the funding made (shape: backend/localnet FundManifest). */
  manifest?: Record<string, unknown>;
}
