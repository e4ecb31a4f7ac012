// Surplus rent (SIMD-0437, PRODUCT difference 13): what the demo wallet's kept accounts hold above today's minimum, and what one
// recovery actually gives back (owner delta on chain); for the large wallet, how many transactions and approvals
// its closes + surplus withdrawals take, against the measured most that fit one 1232-byte transaction with a wallet's
// additions in (bench/packing.ts measureLimit).
import {
  ComputeBudgetProgram,
  Keypair,
  SystemProgram,
  Transaction,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { serviceFee } from '../src/chain/fees';
import { measureTransactionSize } from '../src/chain/pack';
import { type Bench, fund, get, lamportsOf, post } from './support';
import { measureLimit } from './packing';

export interface SurplusResult {
  lamportsPerByte: number;
  demo: {
    keptAccounts: number;
    surplus: number;
    perKeptAccount: number;
    ownerDelta: number;
    closedRent: number;
    serviceFee: number;
    networkFees: number;
  };
  large: {
    closes: number;
    withdrawals: number;
    transactions: number;
    approvals: number;
    perTransaction: number[];
    maxBytes: number;
    limit: number;
    fewestTransactions: number;
    surplus: number;
    surplusLanded: number;
  };
}

const isBudget = (ix: TransactionInstruction) => ix.programId.equals(ComputeBudgetProgram.programId);
const isBudgetOrSystem = (ix: TransactionInstruction) => ix.programId.equals(SystemProgram.programId) || isBudget(ix);

/** Signs every prepared transaction (one approval's worth) and submits them in one call, as the page does. */
async function recover(b: Bench, owner: Keypair, transactions: string[], accountCount: number) {
  const signed = transactions.map((t) => {
    const tx = VersionedTransaction.deserialize(Buffer.from(t, 'base64'));
    tx.sign([owner]);
    return Buffer.from(tx.serialize()).toString('base64');
  });
  const res = await post(b, 'submit-burn-transaction', { signedTransactions: signed, accountCount });
  if (!res.success) throw new Error(`submit-burn-transaction: ${res.error}`);
  return res;
}

async function networkFees(b: Bench, signatures: string[]): Promise<number> {
  let fees = 0;
  for (const s of signatures)
    fees +=
      (await b.connection.getTransaction(s, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))?.meta
        ?.fee ?? 0;
  return fees;
}

export async function measureSurplus(b: Bench): Promise<SurplusResult> {
  const lamportsPerByte = (await b.connection.getMinimumBalanceForRentExemption(0)) / 128;

  const demoOwner = Keypair.generate();
  const demoAddress = demoOwner.publicKey.toBase58();
  await fund(b, demoAddress, 'demo');
  const estimate = (await get(b, `rent-estimate/${demoAddress}`)).data;
  const prepared = await post(b, 'prepare-burn-transactions', { ownerAddress: demoAddress, withdrawSurplus: true });
  if (!prepared.success) throw new Error(`prepare-burn-transactions: ${prepared.error}`);
  const [before] = await lamportsOf(b, [demoAddress]);
  const submitted = await recover(b, demoOwner, prepared.transactions, prepared.accountCount);
  const [after] = await lamportsOf(b, [demoAddress]);
  const demo = {
    keptAccounts: estimate.surplusAccounts,
    surplus: estimate.surplusRentLamports,
    perKeptAccount: Math.floor(estimate.surplusRentLamports / Math.max(1, estimate.surplusAccounts)),
    ownerDelta: after - before,
    closedRent: submitted.recoveredRentLamports - submitted.surplusRecoveredLamports,
    serviceFee: submitted.serviceFeeLamports,
    networkFees: await networkFees(b, submitted.signatures),
  };
  if (submitted.surplusRecoveredLamports !== demo.surplus)
    throw new Error(`surplus landed ${submitted.surplusRecoveredLamports}, estimated ${demo.surplus}`);
  if (demo.serviceFee > serviceFee(demo.closedRent + demo.surplus)) throw new Error('service fee above 1 %');

  const largeOwner = Keypair.generate();
  const largeAddress = largeOwner.publicKey.toBase58();
  await fund(b, largeAddress, 'large');
  const large = await post(b, 'prepare-burn-transactions', { ownerAddress: largeAddress, withdrawSurplus: true });
  if (!large.success) throw new Error(`prepare-burn-transactions (large): ${large.error}`);
  const txs = (large.transactions as string[]).map((t) => Transaction.from(Buffer.from(t, 'base64')));
  const perTransaction = txs.map((tx, i) => large.accountCounts[i] + large.surplusAccountCounts[i]);
  const fullest = txs[perTransaction.indexOf(Math.max(...perTransaction))];
  const groups = txs.flatMap((tx) => tx.instructions.filter((ix) => !isBudgetOrSystem(ix)).map((ix) => [ix]));
  const limit = measureLimit(
    largeAddress,
    fullest.instructions.filter(isBudget),
    groups,
    fullest.instructions.filter((ix) => ix.programId.equals(SystemProgram.programId)),
  );
  const landed = await recover(b, largeOwner, large.transactions, large.accountCount);
  return {
    lamportsPerByte,
    demo,
    large: {
      closes: large.accountCount,
      withdrawals: large.surplusAccounts,
      transactions: txs.length,
      approvals: 1, // all transactions signed together (signAllTransactions), submitted in one call
      perTransaction,
      maxBytes: Math.max(...txs.map((tx) => measureTransactionSize(tx))),
      limit,
      fewestTransactions: Math.ceil((large.accountCount + large.surplusAccounts) / limit),
      surplus: large.totalSurplusLamports,
      surplusLanded: landed.surplusRecoveredLamports,
    },
  };
}

/** Rows for the printed table. */
export function surplusRows(
  s: SurplusResult,
  n: (x: number, d?: number) => string,
): [string, string, string, string, string][] {
  const l = s.large;
  return [
    [
      `surplus per kept account (demo, ${s.lamportsPerByte} lamports/byte)`,
      `${n(s.demo.perKeptAccount)} lamports`,
      `${s.demo.keptAccounts} kept accounts`,
      '—',
      '—',
    ],
    [
      'surplus per demo wallet',
      `${n(s.demo.surplus)} lamports`,
      `with the ${n(s.demo.closedRent)} of closes: owner +${n(s.demo.ownerDelta)} after 1 % (${n(s.demo.serviceFee)}) and network fees (${n(s.demo.networkFees)})`,
      '—',
      '—',
    ],
    [
      `large: ${l.closes} closes + ${l.withdrawals} withdrawals`,
      `${l.transactions} transactions, ${l.approvals} approval`,
      `${Math.max(...l.perTransaction)} per tx (limit ${l.limit} at 1232 B with a wallet's additions, max ${l.maxBytes} B before them); fewest ${l.fewestTransactions}`,
      'fewest, 1 approval',
      l.transactions === l.fewestTransactions && l.surplusLanded === l.surplus ? 'met' : 'NOT met',
    ],
  ];
}
