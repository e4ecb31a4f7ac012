// GET /api/relayer (PRODUCT difference 15): whether the server can pay the network fee for a wallet with no SOL, and its address.
import type { ApiResult } from './result';

export interface RelayerStatusResponse extends ApiResult {
  available: boolean;
  /** The relayer's address (the page's guard accepts it as fee payer only with an exact repayment); null without a key. */
  address: string | null;
  /** Why not, in plain words (completes "SolBack cannot pay the network fee right now: …"). */
  reason?: string;
}
