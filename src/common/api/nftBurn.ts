// §7.3 POST /api/batch-burn-nft: the burn transactions of the selected NFTs.
import type { ApiResult } from './result';

/** POST /api/batch-burn-nft */
export interface BatchBurnNftItem {
  mint: string;
  tokenAccount: string;
  name: string;
}
export interface BatchBurnNftRequest {
  nfts: BatchBurnNftItem[];
  owner: string;
}
export interface BatchBurnNftResponse extends ApiResult {
  /** Set when too many NFTs were asked for. */
  maxBatchSize?: number;
  transaction?: string;
  /** All transactions when the NFTs do not fit one (DESIGN §3.6). */
  transactions?: string[];
  /** Lamports (integers), rent before the fee. */
  totalRentRecovered?: number;
  totalFee?: number;
  processedNFTs?: { mint: string; name?: string; tokenAccount?: string; rentLamports?: number; full?: boolean }[];
  skipped?: { mint: string; reason?: string; [key: string]: unknown }[];
}
