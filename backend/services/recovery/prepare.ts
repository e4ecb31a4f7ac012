// POST /api/prepare-recovery: re-scans the wallet (the client's list only chooses among what the chain shows), plans
// each chosen source (src/chain/recovery/sources), and packs the plans (pack.ts: compute budget and the 1 % service
// fee of the rent and surplus each transaction returns — never of stake principal).
// Every message is remembered so POST /api/submit-burn-transaction relays nothing else.
import type { RecoveryActionReport, RecoverableSource } from '../../../src/common/api/recovery';
import { transactionToBase64 } from '../../../src/chain/pack';
import { recoverySource, sourcesOfFlow } from '../../../src/chain/recovery/registry';
import { notRecoverable } from '../../../src/common/texts';
import type { RecoveryPlan } from '../../../src/chain/recovery/source';
import { ValidationError } from '../../errors';
import type { RpcClient } from '../rpc';
import type { PreparedBurnStore } from '../vacantPrepared';
import { packPlans, type FeePayerPlan } from './pack';
import { scanRecoverable } from './scan';

const NOT_RECOVERABLE = (address: string) =>
  notRecoverable(
    address,
    sourcesOfFlow('recover').map((source) => source.kind),
  );
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
  const { feePayer } = options;
  // The page's guard caps the priority fee at a share of what each transaction returns (src/chain/priorityFee.ts):
  // a transaction returning nothing (a table's deactivation, a revoke) pays none.
  const { packed } = await packPlans(
    deps,
    owner,
    chosen.map((c) => ({ address: c.item.address, plan: c.plan })),
    { ...(feePayer ? { feePayer } : {}), capPriceByReturn: true },
  );

  const out: PreparedRecovery = {
    transactions: [],
    actions: [],
    feesPerTransaction: [],
    returnsPerTransaction: [],
    sizes: [],
    repaymentsPerTransaction: [],
  };
  for (const p of packed) {
    const { fee, feeBase, repayment } = p;
    deps.store.remember(p.transaction.serializeMessage(), {
      owner,
      feeWallet: deps.feeWallet,
      accounts: [],
      recoveries: p.indexes.map((i) => ({ address: chosen[i].item.address, kind: chosen[i].item.kind })),
      serviceFee: fee,
      ...(feePayer ? { feePayer: feePayer.payer, repayment } : {}),
    });
    // The transaction's fee, shared out over its actions by their fee base (the remainder to the last with one).
    let left = fee;
    const withBase = p.indexes.filter((i) => chosen[i].plan.feeBase > 0n);
    for (const i of p.indexes) {
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
    out.returnsPerTransaction.push(Number(p.lamportsBack));
    out.sizes.push(p.size);
    if (feePayer) out.repaymentsPerTransaction.push(repayment);
  }
  return out;
}
