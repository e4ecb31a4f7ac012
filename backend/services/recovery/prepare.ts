// POST /api/prepare-recovery: re-scans the wallet (the client's list only chooses among what the chain shows), plans
// each chosen source (src/chain/recovery/sources), packs the instruction groups by measured size, and adds per
// transaction a compute budget and the 1 % service fee of the rent and surplus it returns — never of stake principal.
// Every message is remembered so POST /api/submit-burn-transaction relays nothing else.
import type { RecoveryActionReport, RecoverableSource } from '../../../src/common/api/recovery';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../../src/chain/pack';
import { priorityFeeCap } from '../../../src/chain/priorityFee';
import { recoverySource } from '../../../src/chain/recovery/registry';
import type { RecoveryPlan } from '../../../src/chain/recovery/source';
import { ValidationError } from '../../errors';
import type { RpcClient } from '../rpc';
import { computeUnitPrice, smallestPayableFee, type FeePayerPlan } from '../vacantPrepare';
import type { PreparedBurnStore } from '../vacantPrepared';
import { scanRecoverable } from './scan';

const CU_BASE = 5_000;

export const NOT_RECOVERABLE = (address: string) =>
  `${address} is not a stake account, program buffer, nonce account, lookup table or approval this wallet can recover from.`;
export const NOTHING_NOW = (address: string, state: string) => `${address} has nothing to recover now (${state}).`;
export const SCAN_REFUSED = (address: string) =>
  `${address} could not be checked: the provider refused the scan of its kind. Nothing was prepared.`;

export interface PreparedRecovery {
  transactions: string[];
  actions: RecoveryActionReport[];
  feesPerTransaction: number[];
  returnsPerTransaction: number[];
  sizes: number[];
  repaymentsPerTransaction: number[];
}

interface Planned {
  item: RecoverableSource;
  plan: RecoveryPlan;
}

function choose(scan: Awaited<ReturnType<typeof scanRecoverable>>, requested: string[], owner: string): Planned[] {
  const byAddress = new Map(scan.sources.map((s) => [s.address, s]));
  return [...new Set(requested)].map((address) => {
    const item = byAddress.get(address);
    if (!item) {
      const refused = Object.values(scan.scans).includes('refused');
      throw ValidationError(refused ? SCAN_REFUSED(address) : NOT_RECOVERABLE(address));
    }
    const plan = recoverySource(item.kind).plan(item, owner);
    if (!plan) throw ValidationError(NOTHING_NOW(address, item.state));
    return { item, plan };
  });
}

export async function prepareRecovery(
  deps: { rpc: RpcClient; store: PreparedBurnStore; feeWallet: string },
  owner: string,
  requested: string[],
  options: { feePayer?: FeePayerPlan } = {},
): Promise<PreparedRecovery> {
  const chosen = choose(await scanRecoverable(deps.rpc, owner), requested, owner);
  const [price, { blockhash }, minFee] = await Promise.all([
    computeUnitPrice(
      deps.rpc,
      chosen.map((c) => c.item.address),
    ),
    deps.rpc
      .call<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])
      .then((r) => r.value),
    smallestPayableFee(deps.rpc, deps.feeWallet),
  ]);
  const sum = (indexes: number[], f: (p: RecoveryPlan) => bigint) =>
    indexes.reduce((s, i) => s + f(chosen[i].plan), 0n);
  const unitsFor = (indexes: number[]) => CU_BASE + indexes.reduce((u, i) => u + chosen[i].plan.computeUnits, 0);
  // The page's guard caps the priority fee at a share of what each transaction returns (src/chain/priorityFee.ts):
  // a transaction returning nothing (a table's deactivation, a revoke) pays none.
  const priceFor = (indexes: number[]) => {
    const cap = priorityFeeCap(sum(indexes, (p) => p.lamportsBack));
    return Math.min(price, Math.floor((Number(cap) * 1_000_000) / unitsFor(indexes)));
  };
  const feeFor = (indexes: number[]) => {
    const fee = serviceFee(Number(sum(indexes, (p) => p.feeBase)));
    return fee >= minFee ? fee : 0;
  };
  const { feePayer } = options;
  const packed = packTransactions({
    payer: feePayer?.payer ?? owner,
    recentBlockhash: blockhash,
    groups: chosen.map((c) => c.plan.instructions),
    prefix: (_n, indexes) => computeBudgetIxs(unitsFor(indexes), priceFor(indexes)),
    suffix: (indexes) => [
      ...(feePayer ? feePayer.repay(feePayer.networkFee(unitsFor(indexes), priceFor(indexes))) : []),
      ...feeTransferIxs(owner, deps.feeWallet, feeFor(indexes)),
    ],
  });

  const out: PreparedRecovery = {
    transactions: [],
    actions: [],
    feesPerTransaction: [],
    returnsPerTransaction: [],
    sizes: [],
    repaymentsPerTransaction: [],
  };
  for (const p of packed) {
    const fee = feeFor(p.groupIndexes);
    const feeBase = sum(p.groupIndexes, (plan) => plan.feeBase);
    const repayment = feePayer ? feePayer.networkFee(unitsFor(p.groupIndexes), priceFor(p.groupIndexes)) : 0;
    deps.store.remember(p.transaction.serializeMessage(), {
      owner,
      feeWallet: deps.feeWallet,
      accounts: [],
      recoveries: p.groupIndexes.map((i) => ({ address: chosen[i].item.address, kind: chosen[i].item.kind })),
      serviceFee: fee,
      ...(feePayer ? { feePayer: feePayer.payer, repayment } : {}),
    });
    // The transaction's fee, shared out over its actions by their fee base (the remainder to the last with one).
    let left = fee;
    const withBase = p.groupIndexes.filter((i) => chosen[i].plan.feeBase > 0n);
    for (const i of p.groupIndexes) {
      const { item, plan } = chosen[i];
      const share = i === withBase.at(-1) ? left : feeBase > 0n ? Number((BigInt(fee) * plan.feeBase) / feeBase) : 0;
      left -= share;
      out.actions.push({
        address: item.address,
        kind: item.kind,
        action: plan.action,
        lamportsBack: Number(plan.lamportsBack),
        feeLamports: share,
      });
    }
    out.transactions.push(transactionToBase64(p.transaction));
    out.feesPerTransaction.push(fee);
    out.returnsPerTransaction.push(Number(sum(p.groupIndexes, (plan) => plan.lamportsBack)));
    out.sizes.push(p.size);
    if (feePayer) out.repaymentsPerTransaction.push(repayment);
  }
  return out;
}
