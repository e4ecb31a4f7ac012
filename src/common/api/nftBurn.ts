// §7.3 POST /api/batch-burn-nft: the burn transactions of the selected NFTs.
import type { ApiResult } from './result';

/** POST /api/batch-burn-nft */
export interface BatchBurnNftItem {
  mint: string;
  /** Absent for a Metaplex Core asset (its `mint` is the asset address). */
  tokenAccount?: string;
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
  /** All transactions when the NFTs do not fit one (PRODUCT difference 6). */
  transactions?: string[];
  /** Lamports (integers), rent before the fee. */
  totalRentRecovered?: number;
  totalFee?: number;
  processedNFTs?: { mint: string; name?: string; tokenAccount?: string; rentLamports?: number; full?: boolean }[];
  /** NFTs left out of the transactions, each with the reason in words. */
  skipped?: { mint: string; reason: string }[];
}
