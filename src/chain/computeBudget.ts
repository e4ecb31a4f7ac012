import { ComputeBudgetProgram, type TransactionInstruction } from '@solana/web3.js';
import { DEFAULT_COMPUTE_UNIT_PRICE_MICROLAMPORTS, MAX_COMPUTE_UNITS_PER_TRANSACTION } from '../common/constants';
import { cappedComputeUnitPrice } from './priorityFee';

export function computeUnitLimitIx(units: number): TransactionInstruction {
  if (!Number.isInteger(units) || units <= 0) throw new RangeError(`Invalid compute-unit limit: ${units}`);
  return ComputeBudgetProgram.setComputeUnitLimit({ units: Math.min(units, MAX_COMPUTE_UNITS_PER_TRANSACTION) });
}

export function computeUnitPriceIx(microLamports: number | bigint): TransactionInstruction {
  return ComputeBudgetProgram.setComputeUnitPrice({ microLamports });
}

/** Limit first, then price — the pair every transaction of ours starts with; the price keeps the fee under the guard's cap. */
export function computeBudgetIxs(
  units: number,
  microLamports: number | bigint = DEFAULT_COMPUTE_UNIT_PRICE_MICROLAMPORTS,
): TransactionInstruction[] {
  return [computeUnitLimitIx(units), computeUnitPriceIx(cappedComputeUnitPrice(units, Number(microLamports)))];
}
