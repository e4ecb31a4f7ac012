import {
  BASIS_POINTS_DENOMINATOR,
  BULK_BURN_COMPUTE_UNITS_MAX_MULTIPLIER,
  BULK_BURN_COMPUTE_UNITS_PER_TOKEN,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS,
  MIN_NFTS_FOR_SERVICE_FEE,
  MIN_COMPUTE_UNIT_PRICE_MICROLAMPORTS,
  SERVICE_FEE_BPS,
} from '../common/constants';

/** The 1 % service fee on recovered rent, rounded down (the user never pays more than 1 %). */
export function serviceFee(rentLamports: number): number;
export function serviceFee(rentLamports: bigint): bigint;
export function serviceFee(rentLamports: number | bigint): number | bigint {
  if (typeof rentLamports === 'bigint') {
    if (rentLamports <= 0n) return 0n;
    return (rentLamports * BigInt(SERVICE_FEE_BPS)) / BigInt(BASIS_POINTS_DENOMINATOR);
  }
  if (!Number.isSafeInteger(rentLamports)) throw new RangeError(`Not integer lamports: ${rentLamports}`);
  if (rentLamports <= 0) return 0;
  return Math.floor((rentLamports * SERVICE_FEE_BPS) / BASIS_POINTS_DENOMINATOR);
}

/**
 * The service fee of burning `count` NFTs whose accounts return `rentLamports`: none for one NFT, whichever button
 * burns it (the page builds a lone NFT's burn itself), 1 % for two or more burned together (docs/PRODUCT.md#fees).
 */
export function nftBurnServiceFee(count: number, rentLamports: number): number {
  return count >= MIN_NFTS_FOR_SERVICE_FEE ? serviceFee(rentLamports) : 0;
}

/** Rent minus the service fee: what the user gets back before network fees. */
export function netOfServiceFee(rentLamports: number): number {
  return rentLamports - serviceFee(rentLamports);
}

/** Network base fee for a transaction with `signatures` signatures. */
export function baseNetworkFee(signatures = 1): number {
  return signatures * LAMPORTS_PER_SIGNATURE;
}

/** Total priority fee in lamports: ceil(units × µlamports / 10^6), as the runtime charges it. */
export function priorityFeeLamports(computeUnits: number, microLamportsPerUnit: number): number {
  return Math.ceil((computeUnits * microLamportsPerUnit) / 1_000_000);
}

/** docs/PRODUCT.md#server-calls: bulk token burn limit = 200 000 × min(5, count). */
export function bulkBurnComputeUnits(count: number): number {
  return BULK_BURN_COMPUTE_UNITS_PER_TOKEN * Math.max(1, Math.min(BULK_BURN_COMPUTE_UNITS_MAX_MULTIPLIER, count));
}

export type RecentPrioritizationFee = number | { prioritizationFee: number; slot?: number };

/**
 * Compute-unit price from getRecentPrioritizationFees: the 75th percentile of every slot's sample, zeros included, at
 * least 1 µlamport, at most `cap`. A zero is a slot where nobody (or nobody writing our accounts) had to pay to land:
 * leaving zeros out let a single priced transaction in the last 150 slots set everybody's price. Callers ask with the
 * accounts their transaction writes, so a busy account's market still shows (agave's prioritization fee cache reports
 * per slot the higher of the cheapest landed price and the cheapest price of a transaction locking each account).
 */
export function priorityFeeFromRecent(
  fees: readonly RecentPrioritizationFee[],
  cap: number = MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS,
  percentile = 75,
): number {
  const values = fees
    .map((f) => (typeof f === 'number' ? f : f.prioritizationFee))
    .filter((v) => Number.isFinite(v) && v >= 0)
    .sort((a, b) => a - b);
  if (values.length === 0) return MIN_COMPUTE_UNIT_PRICE_MICROLAMPORTS;
  const index = Math.min(values.length - 1, Math.ceil((percentile / 100) * values.length) - 1);
  const chosen = Math.floor(values[Math.max(0, index)]);
  return Math.max(MIN_COMPUTE_UNIT_PRICE_MICROLAMPORTS, Math.min(cap, chosen));
}
