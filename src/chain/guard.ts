// The transaction guard (PRODUCT difference 4): before the wallet is asked, refuse any server-built transaction that does
// anything but what the user asked. Default deny: only the instructions listed here, with the accounts checked.
import { COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM } from '../common/addresses';
import { cnftAssetId } from './cnft';
import { type DecodedTransaction, type TransactionInput, decodeTransaction } from './decode';
import { MEMO_PROGRAM, checkAuthorizationMemo } from './guardAuthorizationMemo';
import { checkFeePayer } from './guardRelayer';
import { repeatedAction } from './guardRequest';
import { CHECKS, type GuardIntent, type Totals } from './guardRules';

export { cnftAssetId };
export type { GuardIntent, GuardKind } from './guardRules';

export type GuardResult = { ok: true } | { ok: false; reason: string };

/** Thrown by assertTransactions with the technical `reason`; the page shows GUARD.mismatch (src/common/texts). */
export class TransactionGuardError extends Error {
  name = 'TransactionGuardError';
  constructor(public readonly reason: string) {
    super(`the transaction guard refused: ${reason}`);
  }
}

function decoded(input: TransactionInput): DecodedTransaction | string {
  try {
    return decodeTransaction(input);
  } catch (err) {
    return `not a transaction: ${(err as Error).message}`;
  }
}

function checkOne(tx: DecodedTransaction, intent: GuardIntent, allowed: Set<string>, totals: Totals): GuardResult {
  if (tx.usesLookupTables) return { ok: false, reason: 'address lookup tables are not allowed' };
  const payerRefusal = checkFeePayer(tx, intent); // the owner pays, or the relayer with an exact repayment (guardRelayer.ts)
  if (payerRefusal) return { ok: false, reason: payerRefusal };
  // The queue's authorisation memo: exactly the page's own, alone, once per request (guardAuthorizationMemo.ts).
  const memoRefusal = checkAuthorizationMemo(tx, intent);
  if (memoRefusal) return { ok: false, reason: memoRefusal };
  if (tx.instructions.some((ix) => ix.programId === MEMO_PROGRAM) && totals.authorizationMemos++ > 0)
    return { ok: false, reason: 'a second authorisation memo' };
  let actions = 0;
  for (const [i, ix] of tx.instructions.entries()) {
    if (ix.programId === MEMO_PROGRAM) {
      actions++; // checked above
      continue;
    }
    const check = CHECKS[ix.programId];
    if (!check) return { ok: false, reason: `instruction ${i}: program ${ix.programId} not allowed` };
    if (ix.data.length === 0) return { ok: false, reason: `instruction ${i}: empty data` };
    const reason = check(ix, intent, allowed, totals);
    if (reason) return { ok: false, reason: `instruction ${i}: ${reason}` };
    // A System transfer is a fee or a repayment; any other System instruction the rules let through (a nonce
    // account's withdrawal) is an action.
    const transfer = ix.programId === SYSTEM_PROGRAM && ix.data[0] === 2;
    if (ix.programId !== COMPUTE_BUDGET_PROGRAM && !transfer) actions++;
  }
  if (actions === 0 && intent.kind !== 'trashCnft')
    return { ok: false, reason: 'the transaction does nothing the user asked for' };
  return { ok: true };
}

/** Checks one transaction against the user's intent. */
export function checkTransaction(input: TransactionInput, intent: GuardIntent): GuardResult {
  return checkTransactions([input], intent);
}

/**
 * Checks all transactions of one request as a whole (PRODUCT difference 10): the fee ceiling applies to their sum, and
 * no account is acted on twice (guardRequest.ts).
 */
export function checkTransactions(inputs: readonly TransactionInput[], intent: GuardIntent): GuardResult {
  const allowed = new Set(intent.allowedAccounts);
  const totals: Totals = { fee: 0n, trashTransfer: 0n, authorizationMemos: 0 };
  if (inputs.length === 0) return { ok: false, reason: 'no transaction' };
  const txs: DecodedTransaction[] = [];
  for (const [i, input] of inputs.entries()) {
    const tx = decoded(input);
    const result: GuardResult =
      typeof tx === 'string' ? { ok: false, reason: tx } : checkOne(tx, intent, allowed, totals);
    if (!result.ok) return inputs.length > 1 ? { ok: false, reason: `transaction ${i}: ${result.reason}` } : result;
    txs.push(tx as DecodedTransaction);
  }
  const repeated = repeatedAction(txs, intent.kind);
  return repeated ? { ok: false, reason: repeated } : { ok: true };
}

/** Throws TransactionGuardError (with the reason) unless every transaction passes. */
export function assertTransactions(inputs: readonly TransactionInput[], intent: GuardIntent): void {
  const result = checkTransactions(inputs, intent);
  if (!result.ok) throw new TransactionGuardError(result.reason);
}
