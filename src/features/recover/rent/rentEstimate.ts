import type { RentEstimateData } from '../../../common/api';

// The rent-estimate body (src/common/api/rent.ts) carries the spec's amount fields in SOL for display, each with an
// exact integer twin in lamports. The client computes with the lamports only.

/** What the card needs, in lamports (integers). */
export interface RentEstimate {
  total: number;
  rentPerAccount: number;
  nftRentPerAsset: number;
  nftAccounts: number;
  tokenAccounts: number;
  vacantAccounts: number;
  nftRent: number;
  tokenRent: number;
  vacantRent: number;
  avgVacantRent: number;
  /** Exact per-NFT returns (PRODUCT difference 12); absent from an older server. */
  nftRents?: Record<string, number>;
  /** SOL above today's minimum in kept accounts (SIMD-0437), and how many accounts hold it. */
  surplusRent: number;
  surplusAccounts: number;
  /** SIMD-0437 steps to come: the surplus each would leave in kept accounts (today's included). A forecast only. */
  rentAhead: { lamportsPerByte: number; surplusLamports: number }[];
  /** The provider refused the Core asset lookup: Core assets are not in these figures (not a zero). */
  coreRefused: boolean;
  /** The provider refused a print edition's master lookup: those prints are not in these figures (not a zero). */
  printsRefused: boolean;
}

const LAMPORTS_PER_SOL = 1_000_000_000;
/** Prefers the exact lamport fields; falls back to SOL × 10⁹ for a server that sends only the spec's fields. */
const lamportsOf = (exact: number | undefined, sol: number | undefined) =>
  Number.isSafeInteger(exact) ? (exact as number) : Math.round((sol ?? 0) * LAMPORTS_PER_SOL);

export function toRentEstimate(b: Partial<RentEstimateData> & Pick<RentEstimateData, 'breakdown'>): RentEstimate {
  const br = b.breakdown ?? ({} as RentEstimateData['breakdown']);
  return {
    total: lamportsOf(b.totalRentEstimateLamports, b.totalRentEstimate),
    rentPerAccount: lamportsOf(b.rentPerAccountLamports, b.rentPerAccount),
    nftRentPerAsset: lamportsOf(b.nftRentPerAssetLamports, b.nftRentPerAsset),
    nftAccounts: b.nftAccounts ?? 0,
    tokenAccounts: b.tokenAccounts ?? 0,
    vacantAccounts: b.vacantAccounts ?? 0,
    nftRent: lamportsOf(br.nftRentLamports, br.nftRent),
    tokenRent: lamportsOf(br.tokenRentLamports, br.tokenRent),
    vacantRent: lamportsOf(br.vacantRentLamports, br.vacantRent),
    avgVacantRent: lamportsOf(b.actualBalances?.avgVacantRentLamports, b.actualBalances?.avgVacantRent),
    ...(b.nftRentsLamports ? { nftRents: b.nftRentsLamports } : {}),
    surplusRent: lamportsOf(b.surplusRentLamports, b.surplusRent),
    surplusAccounts: b.surplusAccounts ?? 0,
    rentAhead: (b.rentAheadLamports ?? []).filter(
      (s) => Number.isSafeInteger(s.lamportsPerByte) && Number.isSafeInteger(s.surplusLamports),
    ),
    coreRefused: b.coreAssetsScan === 'refused',
    printsRefused: b.printEditionsScan === 'refused',
  };
}
