// docs/PRODUCT.md#server-calls POST /api/batch-burn-nft: the burn transactions of the selected NFTs.
import { z } from 'zod';
import { MAX_NFTS_PER_BURN_REQUEST } from '../constants';
import { base58Address } from './fields';
import type { ApiResult } from './result';

/**
 * zod only bounds the body; it must stay well above MAX_NFTS_PER_BURN_REQUEST so that a request over the cap reaches
 * the route and gets its answer with maxBatchSize (the page's '{error} Please select {n} or fewer NFTs.'), not a
 * bare validation error. 1000 items ≈ 110 KB, under the 1 MB body limit.
 */
export const MAX_NFTS_IN_BODY = 20 * MAX_NFTS_PER_BURN_REQUEST;

/** POST /api/batch-burn-nft */
export const batchBurnNftRequest = z.strictObject({
  nfts: z
    .array(
      z.object({
        mint: base58Address,
        tokenAccount: base58Address.optional(), // absent for a Metaplex Core asset (PRODUCT difference 12)
        name: z.string().max(200).optional().default(''),
      }),
    )
    .max(MAX_NFTS_IN_BODY),
  owner: base58Address,
});
export type BatchBurnNftRequest = z.input<typeof batchBurnNftRequest>;
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
