// docs/PRODUCT.md#server-calls GET /api/rent-estimate: what burning everything and closing every vacant account would return.
import type { ApiResult } from './result';
import type { ScanStatus } from './recovery';

/** GET /api/rent-estimate/{wallet}?useAccurateCalculator=true — SOL + lamport twins, before the 1 % fee; counts. */
export interface RentEstimateData {
  totalRentEstimate: number;
  totalRentEstimateLamports: number;
  rentPerAccount: number;
  rentPerAccountLamports: number;
  nftRentPerAsset: number;
  nftRentPerAssetLamports: number;
  nftAccounts: number;
  tokenAccounts: number;
  vacantAccounts: number;
  breakdown: {
    nftRent: number;
    nftRentLamports: number;
    tokenRent: number;
    tokenRentLamports: number;
    vacantRent: number;
    vacantRentLamports: number;
  };
  actualBalances: { avgVacantRent: number; avgVacantRentLamports: number };
  /** PRODUCT difference 12: what burning each NFT (by mint, or Core asset address) returns exactly, per its kind. */
  nftRentsLamports?: Record<string, number>;
  /** SOL above today's rent-exempt minimum in accounts the wallet keeps (SIMD-0437 surplus; SOL twin for display). */
  surplusRent?: number;
  surplusRentLamports?: number;
  surplusAccounts?: number;
  /**
   * SIMD-0437 steps still to come: what the kept accounts would hold above the minimum at each (today's surplus
   * included). A forecast: no step has a date, and none is in any figure that can come back now.
   */
  rentAheadLamports?: { lamportsPerByte: number; surplusLamports: number; accounts: number }[];
  /** Whether the provider answered the Core asset lookup; `refused` is "not checked on this provider", never a zero. */
  coreAssetsScan?: ScanStatus;
  /**
   * Whether the provider answered every print edition's master lookup (docs/UPSTREAM.md, "Print editions"); `refused`:
   * the prints it would not look up are in none of the figures — "not checked on this provider", never a zero.
   */
  printEditionsScan?: ScanStatus;
}
export interface RentEstimateResponse extends ApiResult {
  data?: RentEstimateData;
}
