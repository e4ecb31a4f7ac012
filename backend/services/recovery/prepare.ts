// POST /api/prepare-recovery: re-scans the wallet (the client's list only chooses among what the chain shows), plans
// each chosen source (src/chain/recovery/sources), and packs the plans (pack.ts: compute budget and the 1 % service
// fee of the rent and surplus each transaction returns — never of stake principal).
// Every message is remembered so POST /api/submit-burn-transaction relays nothing else.
import type { RecoveryActionReport, RecoverableSource } from '../../../src/common/api/recovery';
import { transactionToBase64 } from '../../../src/chain/pack';
import { RECOVERY_SOURCES, recoverySource, sourcesOfFlow } from '../../../src/chain/recovery/registry';
import { notRecoverable } from '../../../src/common/texts/recoverySourceTexts';
import type { RecoveryPlan } from '../../../src/chain/recovery/source';
import { ValidationError } from '../../errors';
import type { RpcClient } from '../rpc/rpc';
import type { PreparedBurnStore } from '../vacant/vacantPrepared';
import { packPlans, type FeePayerPlan } from './pack';
import { scanRecoverable } from './scan';

const NOT_RECOVERABLE = (address: string) =>
  notRecoverable(
    address,
    sourcesOfFlow('recover').map((source) => source.kind),
  );
export const NOTHING_NOW = (address: string, state: string) => `${address} has nothing to recover now (${state}).`;
const NOTHING_AT_ALL = 'Nothing in this wallet can be recovered now.';
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

/**
 * "Recover everything" (docs/PRODUCT.md#recover-everything): every listed item of every registered source whose
 * plan runs now, less the items the owner unticked.
 */
function chooseEverything(
  scan: Awaited<ReturnType<typeof scanRecoverable>>,
  except: { kind: string; address: string }[],
  owner: string,
): Planned[] {
  const unticked = new Set(except.map((e) => `${e.kind} ${e.address}`));
  const chosen = scan.sources.flatMap((item): Planned[] => {
    if (unticked.has(`${item.kind} ${item.address}`)) return [];
    const plan = recoverySource(item.kind).plan(item, owner);
    return plan ? [{ item, plan }] : [];
  });
  if (chosen.length === 0) throw ValidationError(NOTHING_AT_ALL);
  return chosen;
}

/**
 * The items of one account travel together (a revoke and a surplus withdrawal of one token account): the guard
 * refuses a request that acts on an account in two transactions (src/chain/guardRequest.ts). In registry order, so a
 * revoke comes before a close.
 */
function byAccount(chosen: Planned[]): { address: string; items: Planned[]; plan: RecoveryPlan }[] {
  const groups = new Map<string, Planned[]>();
  for (const c of chosen) groups.set(c.item.address, [...(groups.get(c.item.address) ?? []), c]);
  return [...groups].map(([address, items]) => ({
    address,
    items,
    plan: {
      action: items[0].plan.action,
      instructions: items.flatMap((c) => c.plan.instructions),
      computeUnits: items.reduce((u, c) => u + c.plan.computeUnits, 0),
      lamportsBack: items.reduce((s, c) => s + c.plan.lamportsBack, 0n),
      feeBase: items.reduce((s, c) => s + c.plan.feeBase, 0n),
    },
  }));
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
  options: { feePayer?: FeePayerPlan; everything?: { except: { kind: string; address: string }[] } } = {},
): Promise<PreparedRecovery> {
  const { everything } = options;
  const chosen = everything
    ? chooseEverything(await scanRecoverable(deps.rpc, owner, undefined, RECOVERY_SOURCES), everything.except, owner)
    : choose(await scanRecoverable(deps.rpc, owner), requested, owner);
  const { feePayer } = options;
  // The page's guard caps the priority fee at a share of what each transaction returns (src/chain/priorityFee.ts):
  // a transaction returning nothing (a table's deactivation, a revoke) pays none.
  const groups = byAccount(chosen);
  const { packed } = await packPlans(deps, owner, groups, {
    ...(feePayer ? { feePayer } : {}),
    capPriceByReturn: true,
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
    const { fee, feeBase, repayment } = p;
    deps.store.remember(p.transaction.serializeMessage(), {
      owner,
      feeWallet: deps.feeWallet,
      accounts: [],
      // Each account once: the server reads its change from the chain, whatever number of items it was.
      recoveries: p.indexes.map((i) => ({ address: groups[i].address, kind: groups[i].items[0].item.kind })),
      serviceFee: fee,
      ...(feePayer ? { feePayer: feePayer.payer, repayment } : {}),
    });
    // The transaction's fee, shared out over its actions by their fee base (the remainder to the last with one).
    let left = fee;
    const items = p.indexes.flatMap((i) => groups[i].items);
    const withBase = items.filter((c) => c.plan.feeBase > 0n);
    for (const c of items) {
      const { item, plan } = c;
      const share = c === withBase.at(-1) ? left : feeBase > 0n ? Number((BigInt(fee) * plan.feeBase) / feeBase) : 0;
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
