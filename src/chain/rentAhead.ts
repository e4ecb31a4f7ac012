// Rent ahead: what the accounts a user keeps would hold above the rent minimum at each SIMD-0437 step still to come.
// SIMD-0437 (solana-improvement-documents, proposals/0437-incremental-rent-reduction.md) lowers lamports per byte
// 6960 → 6333 → 5080 → 2575 → 1322 → 696, each step behind its own feature gate, so no date is known: a forecast,
// never counted as recoverable now (docs/PRODUCT.md, "Rent ahead").
import { surplusAbove, type KeptAccount } from './recovery/sources/surplus/source';

export const SIMD_0437_LAMPORTS_PER_BYTE = [6960, 6333, 5080, 2575, 1322, 696] as const;

/** Bytes every account is charged for besides its data (the account header in the rent formula). */
const ACCOUNT_STORAGE_OVERHEAD = 128;

export interface RentStepForecast {
  lamportsPerByte: number;
  /** Everything above the minimum at that step, today's surplus included: what would come back then. */
  surplusLamports: number;
  /** How many kept accounts would hold some. */
  accounts: number;
}

/** The chain's lamports per byte, from its minimum for an empty account ((0 + 128) × rate). */
export const lamportsPerByteOf = (minimumForZeroBytes: number): number =>
  Math.round(minimumForZeroBytes / ACCOUNT_STORAGE_OVERHEAD);

/** One forecast per step below today's rate, in the order they would come. */
export function rentAhead(kept: KeptAccount[], todaysLamportsPerByte: number): RentStepForecast[] {
  return SIMD_0437_LAMPORTS_PER_BYTE.filter((step) => step < todaysLamportsPerByte).map((step) => {
    const surplus = surplusAbove(kept, (space) => (space + ACCOUNT_STORAGE_OVERHEAD) * step);
    return {
      lamportsPerByte: step,
      surplusLamports: surplus.reduce((sum, a) => sum + a.surplus, 0),
      accounts: surplus.length,
    };
  });
}
