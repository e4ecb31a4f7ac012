// The one check, after the wallet, of what a wallet may add to a transaction (walletAdditions.ts): Lighthouse
// assertions and Compute Budget instructions, in any position, at most MAX_WALLET_ADDITIONS of them. Neither program
// can move an account's lamports or tokens: Lighthouse only asserts state and fails the transaction when an
// assertion does not hold (https://docs.phantom.com/developer-powertools/lighthouse), and Compute Budget only sets
// limits and the price per compute unit (a fee the fee payer pays, which the figures read from the chain include).
// Everything else a transaction holds must be exactly what was prepared, or what the caller's own rule accepts.
import { COMPUTE_BUDGET_PROGRAM, LIGHTHOUSE_PROGRAM } from '../common/addresses';
import type { DecodedInstruction, DecodedTransaction } from './decode';

/** Phantom adds six: a compute-budget pair where there is none, and four assertions. */
export const MAX_WALLET_ADDITIONS = 6;

const ADDABLE_PROGRAMS: ReadonlySet<string> = new Set([LIGHTHOUSE_PROGRAM, COMPUTE_BUDGET_PROGRAM]);

/** Could a wallet have added this instruction? (Lighthouse or Compute Budget, naming no account a lookup table holds.) */
export function isWalletAddable(ix: DecodedInstruction): boolean {
  return ADDABLE_PROGRAMS.has(ix.programId) && ix.accounts.every((a) => !a.pubkey.startsWith('lookup#'));
}

export interface WalletAdditionsSplit {
  /** The instructions no wallet adds, in order. */
  payload: DecodedInstruction[];
  /** Lighthouse and Compute Budget instructions, wherever they stand. */
  addable: DecodedInstruction[];
}

export function splitWalletAdditions(instructions: DecodedInstruction[]): WalletAdditionsSplit {
  return {
    payload: instructions.filter((ix) => !isWalletAddable(ix)),
    addable: instructions.filter(isWalletAddable),
  };
}

/**
 * Where nothing prepared is known (a relayed send, a landed memo): the instructions besides what a wallet adds, or
 * a refusal when there are more Lighthouse / Compute Budget instructions than a wallet's additions and our own pair
 * together could make (the page's own transactions carry at most one compute-budget pair, which a wallet then keeps).
 */
export function payloadOrRefusal(decoded: Pick<DecodedTransaction, 'instructions'>): DecodedInstruction[] | string {
  const { payload, addable } = splitWalletAdditions(decoded.instructions);
  if (addable.length > MAX_WALLET_ADDITIONS) return `more than ${MAX_WALLET_ADDITIONS} instructions a wallet adds`;
  return payload;
}

const sameInstruction = (a: DecodedInstruction, b: DecodedInstruction) =>
  a.programId === b.programId &&
  a.accounts.length === b.accounts.length &&
  a.accounts.every((k, i) => k.pubkey === b.accounts[i].pubkey) &&
  Buffer.from(a.data).equals(Buffer.from(b.data));

/**
 * Why `sent` is not `prepared` with a wallet's additions, or null when it is: the same fee payer, signers and
 * blockhash; every prepared instruction, in order, unchanged; and besides them at most MAX_WALLET_ADDITIONS
 * Lighthouse or Compute Budget instructions, anywhere. Accounts' signer and writable marks must match too, so an
 * addition cannot make a prepared account writable or a new signer.
 */
export function walletAdditionsRefusal(prepared: DecodedTransaction, sent: DecodedTransaction): string | null {
  if (prepared.usesLookupTables || sent.usesLookupTables) return 'a lookup table';
  if (sent.feePayer !== prepared.feePayer || sent.recentBlockhash !== prepared.recentBlockhash)
    return 'another fee payer or blockhash';
  if (sent.signers.join() !== prepared.signers.join()) return 'other signers';
  const added: DecodedInstruction[] = [];
  let next = 0;
  for (const ix of sent.instructions) {
    if (next < prepared.instructions.length && sameInstruction(ix, prepared.instructions[next])) next++;
    else if (isWalletAddable(ix)) added.push(ix);
    else return 'an instruction that was not prepared';
  }
  if (next < prepared.instructions.length) return 'a prepared instruction is missing';
  if (added.length > MAX_WALLET_ADDITIONS) return `more than ${MAX_WALLET_ADDITIONS} added instructions`;
  const marks = (d: DecodedTransaction) => {
    const m = new Map<string, string>();
    for (const ix of d.instructions)
      for (const a of ix.accounts) if (!m.has(a.pubkey)) m.set(a.pubkey, `${a.isSigner}${a.isWritable}`);
    return m;
  };
  const before = marks(prepared);
  for (const [key, mark] of marks(sent))
    if (before.has(key) && before.get(key) !== mark) return 'changed account marks';
  return null;
}

/**
 * A key for a transaction that stays the same when a wallet adds its instructions: fee payer, blockhash, signers and
 * the instructions no wallet adds. Two transactions with one key may still differ in what was added, so a lookup by
 * it is followed by walletAdditionsRefusal.
 */
export function payloadKey(decoded: DecodedTransaction): string {
  const { payload } = splitWalletAdditions(decoded.instructions);
  return JSON.stringify([
    decoded.feePayer,
    decoded.recentBlockhash,
    decoded.signers,
    payload.map((ix) => [ix.programId, ix.accounts.map((a) => a.pubkey), Buffer.from(ix.data).toString('base64')]),
  ]);
}
