// GET /api/relayer (issue 20): whether the server can pay the network fee for a wallet with no SOL, and its address.
import type { ApiResult } from './result';

export interface RelayerStatusResponse extends ApiResult {
  available: boolean;
  address: string | null;
  /** Why not, in plain words (completes "SolBack cannot pay the network fee right now: …"). */
  reason?: string;
}
