// Every transaction the page asks a wallet to sign or send carries its own compute-budget pair (limit and price).
// Wallets add a priority fee to a transaction that sets none ("Phantom automatically applies priority fees, but you can
// also set them manually": https://docs.phantom.com/recipes/transactions/add-priority-fees; "some wallets will add
// priority fees to a transaction if they are not present": solana-mobile/mobile-wallet-adapter PR #752), at a price
// of their own that the page cannot know before it asks. With our pair in, the wallet keeps it and adds none, so the
// fee shown before signing (the guard's simulation of exactly these instructions) is the fee the chain takes; the
// price is ours and small (1 µlamport per unit by default: 1 lamport up to a million units). The other way, adding
// a guessed wallet fee to the figure, could never be exact. walletAdditions.ts models the wallet (a pair only where
// the transaction lacks one); computeBudget.test.ts checks every builder of a wallet's transaction carries the pair.
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
