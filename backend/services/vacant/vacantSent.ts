// A recovery the owner's wallet sent itself (sign-and-send, PRODUCT "Which request your wallet sees"): the page gives
// the signatures, and the figures are read from the chain — the landed transaction's own balances before and after —
// never from the page. Only a transaction this server prepared (same message bytes) is recorded, once.
import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { AppError, appError, ValidationError } from '../../errors';
import { SERVER_ERRORS } from '../../../src/common/texts/serverErrorTexts';
import { pollSignatures, type SignatureOutcome } from '../rpc/connection';
import type { RpcClient } from '../rpc/rpc';
import type { SendOutcome } from '../rpc/send';
import type { PreparedBurn, PreparedBurnStore } from './vacantPrepared';
import { figuresOf, NOT_PREPARED, type SubmittedBurn } from './vacantSubmit';

export const NOT_LANDED = SERVER_ERRORS.not_landed;

export interface LandedTransaction {
  meta: { err: unknown; preBalances: number[]; postBalances: number[] } | null;
  transaction: [string, 'base64'];
}

/** The error for a signature that did not land: failed on chain, or not seen in time (`timeoutText`). */
export function notLanded(signature: string, outcome: SignatureOutcome | SendOutcome, timeoutText: string): AppError {
  if (outcome.status === 'failed')
    return appError(400, 'transaction_failed', `${signature} failed on chain: ${JSON.stringify(outcome.err)}`);
  return new AppError(504, 'confirm_timeout', timeoutText);
}

/** A landed transaction as the chain recorded it: its bytes and each account's balance before and after it ran. */
export async function fetchLanded(rpc: RpcClient, signature: string): Promise<LandedTransaction> {
  const landed = await rpc.call<LandedTransaction | null>('getTransaction', [
    signature,
    { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  ]);
  if (!landed?.meta) throw appError(404, 'not_landed');
  return landed;
}

/** The recorded figures of a landed recovery, from the balances the chain recorded around it. */
export function figuresOfLanded(
  prepared: PreparedBurn,
  signature: string,
  landed: LandedTransaction,
  tx = decodeLanded(landed),
): SubmittedBurn {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  const { preBalances: pre, postBalances: post } = landed.meta!;
  return figuresOf(prepared, signature, (address) => {
    const i = keys.indexOf(address);
    return i < 0 ? undefined : { before: pre[i], after: post[i] };
  });
}

const decodeLanded = (landed: LandedTransaction) =>
  VersionedTransaction.deserialize(Buffer.from(landed.transaction[0], 'base64'));

/** Reads one landed recovery: only a transaction this server prepared (same message), signed as `signature`. */
async function recordLanded(store: PreparedBurnStore, rpc: RpcClient, signature: string): Promise<SubmittedBurn> {
  const landed = await fetchLanded(rpc, signature);
  const tx = decodeLanded(landed);
  if (bs58.encode(tx.signatures[0]) !== signature) throw ValidationError(NOT_PREPARED);
  const message = tx.message.serialize();
  const prepared = store.get(message);
  if (!prepared) throw ValidationError(NOT_PREPARED);
  store.forget(message);
  return figuresOfLanded(prepared, signature, landed, tx);
}

/**
 * Reads every recovery transaction the owner's wallet sent: one status poll for all of them (a many-transaction
 * recovery is not confirmed one by one), then each one's figures. A wallet sends a request's transactions in
 * parallel, so any of them may land while another did not: every one that landed is recorded, whatever its place,
 * and the first that did not land, or that this server did not prepare, is the answer's failure.
 */
export async function recordSentAll(
  store: PreparedBurnStore,
  rpc: RpcClient,
  signatures: string[],
  timeoutMs = 60_000,
): Promise<{ done: SubmittedBurn[]; failure: AppError | null }> {
  const outcomes = signatures.length ? await pollSignatures(rpc, signatures, { timeoutMs }) : [];
  const done: SubmittedBurn[] = [];
  let failure: AppError | null = null;
  for (const [i, signature] of signatures.entries()) {
    try {
      if (outcomes[i].status !== 'confirmed') throw notLanded(signature, outcomes[i], NOT_LANDED);
      done.push(await recordLanded(store, rpc, signature));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failure ??= err;
    }
  }
  return { done, failure };
}
