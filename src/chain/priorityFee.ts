// The priority fee a transaction pays, read from its compute-budget instructions as the runtime charges it, and the
// cap the guard holds it to (PRODUCT difference 9: ≤ 50,000 lamports and ≤ 10 % of what the transaction returns).
import { COMPUTE_BUDGET_PROGRAM } from '../common/addresses';
import {
  BASIS_POINTS_DENOMINATOR,
  MAX_COMPUTE_UNITS_PER_TRANSACTION,
  MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION,
  MAX_PRIORITY_FEE_SHARE_OF_RETURN_BPS,
} from '../common/constants';
import type { DecodedTransaction } from './decode';

/** Without SetComputeUnitLimit the runtime allows 200,000 units per instruction that is not a compute-budget one. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;

export function priorityFeeOf(tx: DecodedTransaction): bigint {
  let units: bigint | null = null;
  let price = 0n;
  let others = 0;
  for (const ix of tx.instructions) {
    if (ix.programId !== COMPUTE_BUDGET_PROGRAM) {
      others++;
      continue;
    }
    const b = Buffer.from(ix.data);
    if (ix.data[0] === 2 && b.length >= 5) units = BigInt(b.readUInt32LE(1));
    if (ix.data[0] === 3 && b.length >= 9) price = b.readBigUInt64LE(1);
  }
  const limit = units ?? BigInt(Math.min(MAX_COMPUTE_UNITS_PER_TRANSACTION, DEFAULT_UNITS_PER_INSTRUCTION * others));
  return (limit * price + 999_999n) / 1_000_000n; // ceil, as the runtime charges it
}

/** The most this transaction may pay: 50,000 lamports, and for a transaction that returns rent 10 % of it. */
export function priorityFeeCap(returnsLamports: bigint | null): bigint {
  const flat = BigInt(MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION);
  if (returnsLamports === null) return flat;
  const share = (returnsLamports * BigInt(MAX_PRIORITY_FEE_SHARE_OF_RETURN_BPS)) / BigInt(BASIS_POINTS_DENOMINATOR);
  return share < flat ? share : flat;
}

/** The compute-unit price our own builders use: the wanted price, lowered so units × price stays under the cap. */
export function cappedComputeUnitPrice(units: number, microLamports: number): number {
  const ceiling = Math.floor((MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION * 1_000_000) / Math.max(1, units));
  return Math.max(0, Math.min(microLamports, ceiling));
}
