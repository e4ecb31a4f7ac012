// Builds the vacant-account close transactions: re-reads the wallet (the client's list only narrows the set),
// packs harvest+close groups by measured size, each transaction with compute budget and a 1 % fee transfer for the
// rent it recovers, and remembers every message so submit relays nothing else.
import type { TransactionInstruction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../src/chain/computeBudget';
import { feeTransferIxs } from '../../src/chain/feeTransfer';
import { priorityFeeFromRecent, serviceFee } from '../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../src/chain/pack';
import { closeVacantIxs } from '../../src/chain/tokenInstructions';
import { withdrawExcessLamportsIx } from '../../src/chain/withdrawExcess';
import { ValidationError } from '../errors';
import type { RpcClient } from './rpc';
import { scanSurplus, sumSurplus, type SurplusAccount } from './surplus';
import type { PreparedBurnStore } from './vacantPrepared';
import type { SkippedPrepareAccount } from '../../src/common/api';
import { classifyVacant, scanTokenAccounts, sumLamports, type VacantAccountInfo } from './vacantScan';

/** Accounts asked for but not closed: the safe-set exclusions, or 'not-vacant' for anything else. */
type SkippedReport = SkippedPrepareAccount;

// Compute units, measured on the local runtime with headroom: SPL close ≈ 3k, Token-2022 close ≈ 5k,
// harvest ≈ 8k, system transfer ≈ 150, compute-budget instructions ≈ 150 each.
const CU_PER_CLOSE = 10_000;
const CU_PER_HARVEST = 20_000;
const CU_PER_WITHDRAW = 10_000; // WithdrawExcessLamports reads the Rent sysvar and moves lamports: like a close
const CU_BASE = 5_000;

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

export interface PrepareOptions {
  withdrawSurplus?: boolean;
  feePayer?: FeePayerPlan;
}

export async function computeUnitPrice(rpc: RpcClient, writable: string[]): Promise<number> {
  try {
    const recent = await rpc.call<{ prioritizationFee: number }[]>('getRecentPrioritizationFees', [
      writable.slice(0, 128),
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

/** Everything one recovery gives back: whole accounts closed, and the surplus of kept accounts. */
type Item =
  | { kind: 'close'; account: VacantAccountInfo; returns: number }
  | { kind: 'withdraw'; account: SurplusAccount; returns: number };

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
    ...chosen.map((a): Item => ({ kind: 'close', account: a, returns: a.lamports })),
    ...surplus.map((a): Item => ({ kind: 'withdraw', account: a, returns: a.surplus })),
  ];
  if (items.length === 0) throw ValidationError('No vacant accounts found to burn.');

  const [price, { blockhash }, minFee] = await Promise.all([
    computeUnitPrice(
      deps.rpc,
      items.map((i) => i.account.address),
    ),
    deps.rpc
      .call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [
        { commitment: 'confirmed' },
      ])
      .then((r) => r.value),
    smallestPayableFee(deps.rpc, deps.feeWallet),
  ]);
  const groups = items.map((item) =>
    item.kind === 'close'
      ? closeVacantIxs({
          owner,
          account: item.account.address,
          programId: item.account.programId,
          mint: item.account.mint,
          hasWithheldFees: !!item.account.harvestFirst,
        })
      : [
          withdrawExcessLamportsIx({
            source: item.account.address,
            authority: owner,
            programId: item.account.programId,
          }),
        ],
  );
  const unitsFor = (indexes: number[]) =>
    CU_BASE +
    indexes.reduce((u, i) => {
      const item = items[i];
      if (item.kind === 'withdraw') return u + CU_PER_WITHDRAW;
      return u + CU_PER_CLOSE + (item.account.harvestFirst ? CU_PER_HARVEST : 0);
    }, 0);
  const returnsOf = (indexes: number[]) => indexes.reduce((s, i) => s + items[i].returns, 0);
  const feeFor = (indexes: number[]) => {
    const fee = serviceFee(returnsOf(indexes));
    return fee >= minFee ? fee : 0;
  };
  const { feePayer } = options;
  const packed = packTransactions({
    payer: feePayer?.payer ?? owner,
    recentBlockhash: blockhash,
    groups,
    prefix: (_n, indexes) => computeBudgetIxs(unitsFor(indexes), price),
    suffix: (indexes) => [
      ...(feePayer ? feePayer.repay(feePayer.networkFee(unitsFor(indexes), price)) : []),
      ...feeTransferIxs(owner, deps.feeWallet, feeFor(indexes)),
    ],
  });

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
    const mine = p.groupIndexes.map((i) => items[i]);
    const accounts = mine.flatMap((i) => (i.kind === 'close' ? [i.account] : []));
    const withdrawals = mine.flatMap((i) => (i.kind === 'withdraw' ? [i.account] : []));
    const fee = feeFor(p.groupIndexes);
    const networkFee = feePayer ? feePayer.networkFee(unitsFor(p.groupIndexes), price) : 0;
    deps.store.remember(p.transaction.serializeMessage(), {
      owner,
      feeWallet: deps.feeWallet,
      accounts,
      withdrawals,
      serviceFee: fee,
      ...(feePayer ? { feePayer: feePayer.payer, repayment: networkFee } : {}),
    });
    out.transactions.push(transactionToBase64(p.transaction));
    out.accountCounts.push(accounts.length);
    out.feesPerTransaction.push(fee);
    out.rentPerTransaction.push(sumLamports(accounts));
    out.surplusAccountCounts.push(withdrawals.length);
    out.surplusPerTransaction.push(sumSurplus(withdrawals));
    out.sizes.push(p.size);
    if (feePayer) out.repaymentsPerTransaction.push(networkFee);
    out.totalFee += fee;
  }
  return out;
}
