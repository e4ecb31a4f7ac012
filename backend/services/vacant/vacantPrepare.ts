// The empty-account flow's prepare (POST /api/prepare-burn-transactions): re-reads the wallet (the client's list only
// narrows the set), plans each close and surplus withdrawal by its recovery source (src/chain/recovery/sources:
// vacant, surplus) and packs them the registry's way (recovery/pack.ts); every message is remembered so submit relays
// nothing else. The answer keeps the flow's own shape (accounts and surplus counted apart).
import { recoverySource } from '../../../src/chain/recovery/registry';
import type { RecoveryPlan } from '../../../src/chain/recovery/source';
import { surplusItem } from '../../../src/chain/recovery/sources/surplus/source';
import { vacantItem } from '../../../src/chain/recovery/sources/vacant/source';
import { transactionToBase64 } from '../../../src/chain/pack';
import { appError } from '../../errors';
import type { RpcClient } from '../rpc/rpc';
import { packPlans, type FeePayerPlan } from '../recovery/pack';
import { scanSurplus, sumSurplus, type SurplusAccount } from './surplus';
import type { PreparedBurnStore } from './vacantPrepared';
import type { SkippedPrepareAccount } from '../../../src/common/api';
import { classifyVacant, scanTokenAccounts, sumLamports, type VacantAccountInfo } from './vacantScan';

/** Accounts asked for but not closed: the safe-set exclusions, or 'not-vacant' for anything else. */
type SkippedReport = SkippedPrepareAccount;

export interface PreparedTransactions {
  transactions: string[];
  accountCounts: number[];
  accountCount: number;
  totalRent: number;
  totalFee: number;
  feesPerTransaction: number[];
  rentPerTransaction: number[];
  skippedAccounts: SkippedReport[];
  computeUnitPrice: number;
  sizes: number[];
  /** Surplus withdrawn from kept accounts (withdrawSurplus), in total and per transaction. */
  surplusAccounts: number;
  totalSurplus: number;
  surplusAccountCounts: number[];
  surplusPerTransaction: number[];
  /** Relayed (feePayer): the exact repayment of each transaction's network fee; empty otherwise. */
  repaymentsPerTransaction: number[];
}

export interface PrepareOptions {
  withdrawSurplus?: boolean;
  feePayer?: FeePayerPlan;
}

/** Everything one recovery gives back: whole accounts closed, and the surplus of kept accounts. */
type Item =
  | { kind: 'close'; account: VacantAccountInfo; plan: RecoveryPlan }
  | { kind: 'withdraw'; account: SurplusAccount; plan: RecoveryPlan };

const plan = (item: Parameters<typeof vacantItem>[0] | SurplusAccount, owner: string): RecoveryPlan =>
  'surplus' in item
    ? recoverySource('surplus').plan(surplusItem(item), owner)!
    : recoverySource('vacant').plan(vacantItem(item), owner)!;

function chooseVacant(
  vacant: VacantAccountInfo[],
  skippedAccounts: SkippedReport[],
  requested: string[] | null,
): VacantAccountInfo[] {
  if (!requested || requested.length === 0) return vacant;
  const byAddress = new Map(vacant.map((a) => [a.address, a]));
  const chosen: VacantAccountInfo[] = [];
  for (const address of new Set(requested)) {
    const acc = byAddress.get(address);
    if (acc) chosen.push(acc);
    else if (!skippedAccounts.some((s) => s.address === address))
      skippedAccounts.push({
        address,
        mint: '',
        programId: '',
        lamports: 0,
        reason: 'not-vacant',
        detail: 'Not an empty token account of this wallet',
      });
  }
  return chosen;
}

export async function prepareVacantCloses(
  deps: { rpc: RpcClient; store: PreparedBurnStore; feeWallet: string },
  owner: string,
  requested: string[] | null,
  options: PrepareOptions = {},
): Promise<PreparedTransactions> {
  const scanned = await scanTokenAccounts(deps.rpc, owner);
  const { vacant, skipped } = classifyVacant(scanned, owner);
  const skippedAccounts: SkippedReport[] = [...skipped];
  const chosen = chooseVacant(vacant, skippedAccounts, requested);
  const surplus = options.withdrawSurplus ? await scanSurplus(deps.rpc, owner, scanned) : [];
  const items: Item[] = [
    ...chosen.map((a): Item => ({ kind: 'close', account: a, plan: plan(a, owner) })),
    ...surplus.map((a): Item => ({ kind: 'withdraw', account: a, plan: plan(a, owner) })),
  ];
  if (items.length === 0) throw appError(400, 'no_vacant_accounts');

  const { feePayer } = options;
  const { price, packed } = await packPlans(
    deps,
    owner,
    items.map((i) => ({ address: i.account.address, plan: i.plan })),
    feePayer ? { feePayer } : {},
  );

  const out: PreparedTransactions = {
    transactions: [],
    accountCounts: [],
    accountCount: chosen.length,
    totalRent: sumLamports(chosen),
    totalFee: 0,
    feesPerTransaction: [],
    rentPerTransaction: [],
    skippedAccounts,
    computeUnitPrice: price,
    sizes: [],
    surplusAccounts: surplus.length,
    totalSurplus: sumSurplus(surplus),
    surplusAccountCounts: [],
    surplusPerTransaction: [],
    repaymentsPerTransaction: [],
  };
  for (const p of packed) {
    const mine = p.indexes.map((i) => items[i]);
    const accounts = mine.flatMap((i) => (i.kind === 'close' ? [i.account] : []));
    const withdrawals = mine.flatMap((i) => (i.kind === 'withdraw' ? [i.account] : []));
    deps.store.remember(p.transaction.serializeMessage(), {
      owner,
      feeWallet: deps.feeWallet,
      accounts,
      withdrawals,
      serviceFee: p.fee,
      ...(feePayer ? { feePayer: feePayer.payer, repayment: p.repayment } : {}),
    });
    out.transactions.push(transactionToBase64(p.transaction));
    out.accountCounts.push(accounts.length);
    out.feesPerTransaction.push(p.fee);
    out.rentPerTransaction.push(sumLamports(accounts));
    out.surplusAccountCounts.push(withdrawals.length);
    out.surplusPerTransaction.push(sumSurplus(withdrawals));
    out.sizes.push(p.size);
    if (feePayer) out.repaymentsPerTransaction.push(p.repayment);
    out.totalFee += p.fee;
  }
  return out;
}
