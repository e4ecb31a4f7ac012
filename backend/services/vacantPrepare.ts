// Builds the vacant-account close transactions: re-reads the wallet (the client's list only narrows the set),
// packs harvest+close groups by measured size, each transaction with compute budget and a 1 % fee transfer for the
// rent it recovers, and remembers every message so submit relays nothing else.
import { computeBudgetIxs } from '../../src/chain/computeBudget';
import { feeTransferIxs } from '../../src/chain/feeTransfer';
import { priorityFeeFromRecent, serviceFee } from '../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../src/chain/pack';
import { closeVacantIxs } from '../../src/chain/tokenInstructions';
import { ValidationError } from '../errors';
import type { RpcClient } from './rpc';
import type { PreparedBurnStore } from './vacantPrepared';
import type { SkippedPrepareAccount } from '../../src/common/api';
import { classifyVacant, scanTokenAccounts, sumLamports, type VacantAccountInfo } from './vacantScan';

/** Accounts asked for but not closed: the safe-set exclusions, or 'not-vacant' for anything else. */
type SkippedReport = SkippedPrepareAccount;

// Compute units, measured on the local runtime with headroom: SPL close ≈ 3k, Token-2022 close ≈ 5k,
// harvest ≈ 8k, system transfer ≈ 150, compute-budget instructions ≈ 150 each.
const CU_PER_CLOSE = 10_000;
const CU_PER_HARVEST = 20_000;
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
}

async function computeUnitPrice(rpc: RpcClient, writable: string[]): Promise<number> {
  try {
    const recent = await rpc.call<{ prioritizationFee: number }[]>('getRecentPrioritizationFees', [writable.slice(0, 128)]);
    return priorityFeeFromRecent(recent ?? []);
  } catch {
    return priorityFeeFromRecent([]);
  }
}

/**
 * A transfer into an account that does not exist must fund it rent-exempt, or the runtime refuses the whole
 * transaction. Rather than fail the user's close (or charge more than 1 %), a fee below that minimum is waived.
 */
async function smallestPayableFee(rpc: RpcClient, feeWallet: string): Promise<number> {
  const info = await rpc.call<{ value: { lamports: number } | null }>('getAccountInfo', [
    feeWallet,
    { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: 'confirmed' },
  ]);
  if (info?.value && info.value.lamports > 0) return 1;
  return rpc.call<number>('getMinimumBalanceForRentExemption', [0]);
}

export async function prepareVacantCloses(
  deps: { rpc: RpcClient; store: PreparedBurnStore; feeWallet: string },
  owner: string,
  requested: string[] | null,
): Promise<PreparedTransactions> {
  const { vacant, skipped } = classifyVacant(await scanTokenAccounts(deps.rpc, owner), owner);
  const byAddress = new Map(vacant.map((a) => [a.address, a]));
  const skippedAccounts: SkippedReport[] = [...skipped];
  let chosen: VacantAccountInfo[];
  if (requested && requested.length > 0) {
    chosen = [];
    for (const address of new Set(requested)) {
      const acc = byAddress.get(address);
      if (acc) chosen.push(acc);
      else if (!skippedAccounts.some((s) => s.address === address))
        skippedAccounts.push({ address, mint: '', programId: '', lamports: 0, reason: 'not-vacant', detail: 'Not an empty token account of this wallet' });
    }
  } else {
    chosen = vacant;
  }
  if (chosen.length === 0) throw ValidationError('No vacant accounts found to burn.');

  const [price, { blockhash }, minFee] = await Promise.all([
    computeUnitPrice(deps.rpc, chosen.map((a) => a.address)),
    deps.rpc.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])
      .then((r) => r.value),
    smallestPayableFee(deps.rpc, deps.feeWallet),
  ]);
  const groups = chosen.map((a) =>
    closeVacantIxs({ owner, account: a.address, programId: a.programId, mint: a.mint, hasWithheldFees: !!a.harvestFirst }),
  );
  const unitsFor = (indexes: number[]) =>
    CU_BASE + indexes.reduce((u, i) => u + CU_PER_CLOSE + (chosen[i].harvestFirst ? CU_PER_HARVEST : 0), 0);
  const feeFor = (indexes: number[]) => {
    const fee = serviceFee(sumLamports(indexes.map((i) => chosen[i])));
    return fee >= minFee ? fee : 0;
  };
  const packed = packTransactions({
    payer: owner,
    recentBlockhash: blockhash,
    groups,
    prefix: (_n, indexes) => computeBudgetIxs(unitsFor(indexes), price),
    suffix: (indexes) => feeTransferIxs(owner, deps.feeWallet, feeFor(indexes)),
  });

  const out: PreparedTransactions = {
    transactions: [], accountCounts: [], accountCount: chosen.length, totalRent: sumLamports(chosen), totalFee: 0,
    feesPerTransaction: [], rentPerTransaction: [], skippedAccounts, computeUnitPrice: price, sizes: [],
  };
  for (const p of packed) {
    const accounts = p.groupIndexes.map((i) => chosen[i]);
    const fee = feeFor(p.groupIndexes);
    deps.store.remember(p.transaction.serializeMessage(), { owner, feeWallet: deps.feeWallet, accounts, serviceFee: fee });
    out.transactions.push(transactionToBase64(p.transaction));
    out.accountCounts.push(accounts.length);
    out.feesPerTransaction.push(fee);
    out.rentPerTransaction.push(sumLamports(accounts));
    out.sizes.push(p.size);
    out.totalFee += fee;
  }
  return out;
}
