// The recovery sources' shared packing: the plans (src/chain/recovery/sources) packed by measured size, each
// transaction with its compute budget, the relayer's exact repayment when one pays (PRODUCT difference 15) and the
// 1 % service fee of the fee base it returns (rent and surplus, never stake principal). Both prepare paths use it:
// POST /api/prepare-recovery (prepare.ts) and the empty-account flow's POST /api/prepare-burn-transactions
// (vacant/vacantPrepare.ts, up to 200 closes and thousands of surplus withdrawals).
import type { Transaction, TransactionInstruction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { priorityFeeFromRecent, serviceFee } from '../../../src/chain/fees';
import { MAX_PRIORITY_FEE_ACCOUNTS } from '../../../src/common/constants';
import { packSteps, type PackedTransaction, type PackOptions as PackInput } from '../../../src/chain/pack';
import { createTurns } from '../limits/fetchTurns';
import { priorityFeeCap } from '../../../src/chain/priorityFee';
import type { RecoveryPlan } from '../../../src/chain/recovery/source';
import type { RpcClient } from '../rpc/rpc';

const CU_BASE = 5_000; // compute-budget instructions ≈ 150 each, a system transfer ≈ 150

/**
 * A fee payer other than the owner (the relayer, PRODUCT difference 15): each transaction then repays it exactly its network fee,
 * computed from the transaction's signatures and compute budget, right after the closes that fund the repayment.
 */
export interface FeePayerPlan {
  payer: string;
  /** The instructions that repay `payer` `fee` lamports from the owner. */
  repay(fee: number): TransactionInstruction[];
  /** The network fee of a transaction with these compute units at this price, two signatures. */
  networkFee(units: number, microLamports: number): number;
}

export async function computeUnitPrice(rpc: RpcClient, writable: string[]): Promise<number> {
  try {
    const recent = await rpc.call<{ prioritizationFee: number }[]>('getRecentPrioritizationFees', [
      writable.slice(0, MAX_PRIORITY_FEE_ACCOUNTS),
    ]);
    return priorityFeeFromRecent(recent ?? []);
  } catch {
    return priorityFeeFromRecent([]);
  }
}

/**
 * A transfer into an account that does not exist must fund it rent-exempt, or the runtime refuses the whole
 * transaction. Rather than fail the user's close (or charge more than 1 %), a fee below that minimum is waived.
 */
export async function smallestPayableFee(rpc: RpcClient, feeWallet: string): Promise<number> {
  const info = await rpc.call<{ value: { lamports: number } | null }>('getAccountInfo', [
    feeWallet,
    { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: 'confirmed' },
  ]);
  if (info?.value && info.value.lamports > 0) return 1;
  return rpc.call<number>('getMinimumBalanceForRentExemption', [0]);
}

export interface PackedPlan {
  transaction: Transaction;
  size: number;
  /** Indexes into the plans this transaction carries, in order. */
  indexes: number[];
  /** Its service fee (0 when below what the fee wallet can receive), and the repayment to the fee payer. */
  fee: number;
  repayment: number;
  /** Sums over its plans. */
  lamportsBack: bigint;
  feeBase: bigint;
}

export interface PackOptions {
  feePayer?: FeePayerPlan;
  /**
   * Lower the price of a transaction to the guard's cap (10 % of what it returns; src/chain/priorityFee.ts), for
   * transactions that may return nothing (a table's deactivation, a revoke). The empty-account flow keeps one price.
   */
  capPriceByReturn?: boolean;
}

/** Packings at once (each gives way every few milliseconds) and waiting; any more is refused (503). */
export const PACKINGS_AT_ONCE = 2;
export const PACKINGS_WAITING = 16;
const packings = createTurns(
  PACKINGS_AT_ONCE,
  PACKINGS_WAITING,
  'Too many large preparations are running; try again in a moment',
);
/** Longest the packing runs before it lets other requests in. */
const SLICE_MS = 10;

/**
 * packTransactions, giving way to other requests every SLICE_MS, in one of PACKINGS_AT_ONCE turns: three anonymous
 * prepares of a 1,500-account wallet once held /api/config for 27 s.
 */
function packGivingWay(opts: PackInput): Promise<PackedTransaction[]> {
  return packings.run(async () => {
    const steps = packSteps(opts);
    let since = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - since > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
  });
}

export async function packPlans(
  deps: { rpc: RpcClient; feeWallet: string },
  owner: string,
  plans: { address: string; plan: RecoveryPlan }[],
  options: PackOptions = {},
): Promise<{ price: number; packed: PackedPlan[] }> {
  const [price, { blockhash }, minFee] = await Promise.all([
    computeUnitPrice(
      deps.rpc,
      plans.map((p) => p.address),
    ),
    deps.rpc
      .call<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])
      .then((r) => r.value),
    smallestPayableFee(deps.rpc, deps.feeWallet),
  ]);
  const sum = (indexes: number[], f: (p: RecoveryPlan) => bigint) => indexes.reduce((s, i) => s + f(plans[i].plan), 0n);
  const unitsFor = (indexes: number[]) => CU_BASE + indexes.reduce((u, i) => u + plans[i].plan.computeUnits, 0);
  const priceFor = (indexes: number[]) => {
    if (!options.capPriceByReturn) return price;
    const cap = priorityFeeCap(sum(indexes, (p) => p.lamportsBack));
    return Math.min(price, Math.floor((Number(cap) * 1_000_000) / unitsFor(indexes)));
  };
  const feeFor = (indexes: number[]) => {
    const fee = serviceFee(Number(sum(indexes, (p) => p.feeBase)));
    return fee >= minFee ? fee : 0;
  };
  const { feePayer } = options;
  const repaymentFor = (indexes: number[]) =>
    feePayer ? feePayer.networkFee(unitsFor(indexes), priceFor(indexes)) : 0;
  const packed = await packGivingWay({
    payer: feePayer?.payer ?? owner,
    recentBlockhash: blockhash,
    groups: plans.map((p) => p.plan.instructions),
    prefix: (_n, indexes) => computeBudgetIxs(unitsFor(indexes), priceFor(indexes)),
    suffix: (indexes) => [
      ...(feePayer ? feePayer.repay(repaymentFor(indexes)) : []),
      ...feeTransferIxs(owner, deps.feeWallet, feeFor(indexes)),
    ],
  });
  return {
    price,
    packed: packed.map((p) => ({
      transaction: p.transaction,
      size: p.size,
      indexes: p.groupIndexes,
      fee: feeFor(p.groupIndexes),
      repayment: repaymentFor(p.groupIndexes),
      lamportsBack: sum(p.groupIndexes, (plan) => plan.lamportsBack),
      feeBase: sum(p.groupIndexes, (plan) => plan.feeBase),
    })),
  };
}
