// The chain-reading guard (PRODUCT difference 10): an async step `(transactions, context) => Promise<void>` that throws. It runs
// the static rules of guard.ts with every figure taken from the page's own reading of the chain (never from the
// server answer under check), caps the priority fee per transaction, then simulates each transaction and refuses one
// whose effect on the owner's SOL differs from the estimate by more than the network fee. Pure: the chain reader is
// passed in, so the page, the house signing path and tests plug it in alike.
import pMap from 'p-map';
import { BUBBLEGUM_PROGRAM, SYSTEM_PROGRAM } from '../common/addresses';
import { BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS, LAMPORTS_PER_SIGNATURE } from '../common/constants';
import { type ChainReader, type AccountSnapshot } from './chainReader';
import { BUBBLEGUM_V2_DISCRIMINATORS, V2_LAYOUT } from './cnftV2';
import { surplusCloseConflict } from './chainRuleSurplus';
import { chainRuleFor, type RuleReturn, type TransactionState } from './chainRules';
import { type DecodedTransaction, type TransactionInput, decodeTransaction } from './decode';
import { serviceFee } from './fees';
import { TransactionGuardError, assertTransactions } from './guard';
import type { GuardIntent, GuardKind } from './guardRules';
import { priorityFeeCap, priorityFeeOf } from './priorityFee';
import { SimulationRefusedError } from './simulationError';

export { SimulationRefusedError };

const SIMULATIONS_AT_ONCE = 8;

/** Kinds whose transactions return rent: the service fee and the 10 % priority share are measured against it. */
const RETURNING_KINDS = new Set<GuardKind>(['closeVacant', 'burnTokens', 'burnNfts', 'recover', 'recoverAll']);

export interface TransactionEstimate {
  /** Lamports the transaction returns to the owner (closed accounts), read from the chain. */
  returnsLamports: number;
  /** Of the returns, the part the 1 % fee is measured on: all but the owner's own SOL (stake principal, wrapped SOL). */
  feeBaseLamports: number;
  /** Of the returns, claimed rewards (Pump creator fees, cashback): in the fee base, shown apart from rent. */
  rewardsLamports: number;
  /** Everything the owner pays out: transfers, priority fee (not the network fee). */
  paysLamports: number;
  /** Owner's SOL change in the simulation (network fee included). */
  simulatedChangeLamports: number;
  networkFeeLamports: number;
}

export interface ChainGuardReport {
  transactions: TransactionEstimate[];
  /** Sum over all transactions: what the confirm step shows. */
  ownerChangeLamports: number;
}

export interface ChainGuardContext extends Omit<GuardIntent, 'maxFeeLamports'> {
  reader: ChainReader;
  /** NFT burns: what each mint's (or Core asset's) full burn returns, from the page's own planner (chainRules.ts). */
  expectedReturns?: Readonly<Record<string, number | bigint>>;
  /** Called once every transaction has passed, with the figures the confirm step shows. */
  onChecked?(report: ChainGuardReport): void;
}

export type AsyncGuard = (transactions: readonly TransactionInput[], context: ChainGuardContext) => Promise<void>;

function decodeAll(inputs: readonly TransactionInput[]): DecodedTransaction[] {
  return inputs.map((input, i) => {
    try {
      return decodeTransaction(input);
    } catch (err) {
      throw new TransactionGuardError(`transaction ${i}: not a transaction: ${(err as Error).message}`);
    }
  });
}

/** Lamports the owner sends with System transfers (fee, trash fallback); the static rules decided they may. */
function transfersOut(tx: DecodedTransaction, owner: string): bigint {
  let sum = 0n;
  for (const ix of tx.instructions) {
    if (isV2TransferPaidBy(ix, owner)) sum += BigInt(BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
    if (ix.programId !== SYSTEM_PROGRAM || ix.data.length !== 12 || ix.accounts[0]?.pubkey !== owner) continue;
    sum += Buffer.from(ix.data).readBigUInt64LE(4);
  }
  return sum;
}

/** A Bubblegum transferV2 the owner pays: the program moves its transfer fee from the payer (processor/transfer.rs). */
function isV2TransferPaidBy(ix: DecodedTransaction['instructions'][number], owner: string): boolean {
  const head = BUBBLEGUM_V2_DISCRIMINATORS.transferV2;
  return (
    ix.programId === BUBBLEGUM_PROGRAM &&
    head.every((b, i) => ix.data[i] === b) &&
    ix.accounts[V2_LAYOUT.transferV2.payer]?.pubkey === owner
  );
}

async function readAll(reader: ChainReader, txs: DecodedTransaction[], owner: string, kind: GuardKind) {
  const wanted = new Set<string>([owner]);
  const rentWanted = new Set<string>();
  for (const tx of txs)
    for (const ix of tx.instructions) {
      const rule = chainRuleFor(ix, kind);
      rule?.reads(ix).forEach((a) => a && wanted.add(a));
      rule?.alsoReads?.(ix).forEach((a) => a && wanted.add(a));
      rule?.rentFor?.(ix).forEach((a) => a && rentWanted.add(a));
    }
  const list = [...wanted];
  const snapshots = await reader.getAccounts(list);
  const byAddress = new Map<string, AccountSnapshot | null>(list.map((a, i) => [a, snapshots[i] ?? null]));
  const account = (address: string) => byAddress.get(address) ?? null;
  return { account, rentMinimum: await rentMinimums(reader, rentWanted, account) };
}

/** Rent-exempt minimums, from the chain, for the sizes of the accounts a rule asked about (surplus sources). */
async function rentMinimums(
  reader: ChainReader,
  addresses: Set<string>,
  account: (a: string) => AccountSnapshot | null,
): Promise<(address: string) => bigint | null> {
  const bySize = new Map<number, bigint>();
  if (reader.rentMinimum)
    for (const a of addresses) {
      const size = account(a)?.data.length;
      if (size !== undefined && !bySize.has(size)) bySize.set(size, await reader.rentMinimum(size));
    }
  return (address) => {
    const size = account(address)?.data.length;
    return size === undefined ? null : (bySize.get(size) ?? null);
  };
}

/**
 * Lamports each transaction returns, and the part the 1 % fee is measured on (all of it but stake principal), by the
 * chain rules; throws on the first figure the chain contradicts.
 */
function returnsOf(
  txs: DecodedTransaction[],
  context: ChainGuardContext,
  { account, rentMinimum }: Awaited<ReturnType<typeof readAll>>,
): RuleReturn[] {
  const expected = new Map(Object.entries(context.expectedReturns ?? {}).map(([k, v]) => [k, BigInt(v)]));
  const facts = { owner: context.owner, kind: context.kind, account, rentMinimum, expectedReturns: expected };
  // Closed accounts are the request's (PRODUCT difference 10: none counts twice); burns are each transaction's own (a
  // close finds the zero balance of a burn earlier in its own transaction only).
  const closed = new Set<string>();
  return txs.map((tx, t) => {
    const state: TransactionState = { burned: new Set(), closed };
    let returns = 0n;
    let feeBase = 0n;
    let rewards = 0n;
    for (const [i, ix] of tx.instructions.entries()) {
      const rule = chainRuleFor(ix, context.kind);
      if (!rule) continue;
      const result = rule.check(ix, facts, state);
      if (typeof result === 'string') throw new TransactionGuardError(`transaction ${t}: instruction ${i}: ${result}`);
      returns += typeof result === 'bigint' ? result : result.returns;
      feeBase += typeof result === 'bigint' ? result : result.feeBase;
      rewards += typeof result === 'bigint' ? 0n : (result.rewards ?? 0n);
    }
    return { returns, feeBase, rewards };
  });
}

export const chainGuard: AsyncGuard = async (inputs, context) => {
  if (inputs.length === 0) throw new TransactionGuardError('no transaction');
  const { reader, onChecked, expectedReturns: _expected, ...intent } = context;
  const txs = decodeAll(inputs);
  // Accounts behind a lookup table cannot be read before the chain resolves them: refused before any reading.
  const withTable = txs.findIndex((tx) => tx.usesLookupTables);
  if (withTable >= 0)
    throw new TransactionGuardError(`transaction ${withTable}: address lookup tables are not allowed`);
  const conflict = surplusCloseConflict(txs);
  if (conflict) throw new TransactionGuardError(conflict);
  const chain = await readAll(reader, txs, intent.owner, intent.kind);
  const account = chain.account;
  const measured = returnsOf(txs, context, chain);
  const returns = measured.map((m) => m.returns);
  const returning = RETURNING_KINDS.has(intent.kind);
  const feeBase = measured.reduce((s, m) => s + m.feeBase, 0n);
  // The static rules, with the fee ceiling from our own reading: 1 % of the rent and surplus the chain says comes back
  // (never of stake principal: the fee rule of the recovery sources).
  assertTransactions(inputs, { ...intent, maxFeeLamports: returning ? serviceFee(feeBase) : 0n });

  const pays: bigint[] = txs.map((tx, t) => {
    const priority = priorityFeeOf(tx);
    const cap = priorityFeeCap(returning ? returns[t] : null);
    if (priority > cap)
      throw new TransactionGuardError(`transaction ${t}: priority fee ${priority} lamports above the cap of ${cap}`);
    // A relayed transaction (PRODUCT difference 15): the relayer pays the network and priority fee, the owner its exact repayment.
    return transfersOut(tx, intent.owner) + (tx.feePayer === intent.owner ? priority : 0n);
  });
  // Simulations run side by side (a large recovery has dozens of transactions and a server blockhash that ages).
  const simulations = await pMap(inputs, (input) => reader.simulate(input, [intent.owner]), {
    concurrency: SIMULATIONS_AT_ONCE,
  });
  const before = account(intent.owner)?.lamports ?? 0n;
  const estimates: TransactionEstimate[] = txs.map((tx, t) => {
    const networkFee = BigInt(tx.signers.length * LAMPORTS_PER_SIGNATURE);
    const sim = simulations[t];
    if (sim.err) throw new SimulationRefusedError(sim.err, sim.logs);
    const after = sim.accounts[0]?.lamports;
    if (after === undefined)
      throw new TransactionGuardError(`transaction ${t}: the simulation did not report the owner's balance`);
    const change = after - before;
    const estimate = returns[t] - pays[t];
    const gap = change > estimate ? change - estimate : estimate - change;
    if (gap > networkFee) {
      throw new TransactionGuardError(
        `transaction ${t}: simulated SOL change ${change} differs from the estimate ${estimate} by ${gap} lamports`,
      );
    }
    return {
      returnsLamports: Number(returns[t]),
      feeBaseLamports: Number(measured[t].feeBase),
      rewardsLamports: Number(measured[t].rewards),
      paysLamports: Number(pays[t]),
      simulatedChangeLamports: Number(change),
      networkFeeLamports: Number(networkFee),
    };
  });
  onChecked?.({
    transactions: estimates,
    ownerChangeLamports: estimates.reduce((s, e) => s + e.simulatedChangeLamports, 0),
  });
};
