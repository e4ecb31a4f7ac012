// The steps the signing path ships with. A flow picks one guard and one send step; other helpers add their own
// (a guard that reads the chain and simulates, a send step that has the server co-sign) with the same types.
import type { Commitment, Connection, Transaction } from '@solana/web3.js';
import { checkTransactions, type GuardIntent } from '../../../chain/guard';
import type { GuardStep, SendContext, SendStep, SentStep } from './signing';
import {
  BlockhashExpiredError,
  ConfirmTimedOutError,
  GuardRefusedError,
  SendFailedError,
  SigningPathError,
  TransactionFailedError,
  fromSendError,
  isAbort,
} from './signingErrors';

/** Today's guard (PRODUCT difference 4): decode every transaction and refuse anything the intent does not allow. */
export function guardStep(intent: GuardIntent): GuardStep {
  return async (txs) => {
    const result = checkTransactions(txs, intent);
    if (!result.ok) throw new GuardRefusedError(result.reason);
  };
}

export type ChainSender = Pick<Connection, 'sendRawTransaction' | 'confirmTransaction' | 'getSignatureStatuses'>;

export interface ChainSent {
  signature: string;
  /** assumed: sent but not confirmed in time (only with `unconfirmed: 'assume'`). */
  status: 'confirmed' | 'assumed';
}

export interface ChainSendOptions {
  preflightCommitment: Commitment;
  commitment: Commitment;
  maxRetries?: number;
  /** cNFT ways: a confirmation time-out is an assumed success (docs/PRODUCT.md#trash-a-cnft); burns: an error. */
  unconfirmed: 'assume' | 'fail';
}

/** An expiry reported for a transaction that did land after all is a success, not a reason to sign again. */
async function landed(connection: ChainSender, signature: string): Promise<boolean> {
  const statuses = await connection.getSignatureStatuses([signature]).catch(() => null);
  const status = statuses?.value?.[0];
  return !!status && !status.err;
}

/** Confirms one sent transaction by its signature: against the attempt's blockhash when the path set it. */
function confirmOne(
  connection: ChainSender,
  signature: string,
  tx: Transaction,
  ctx: SendContext,
  opts: ChainSendOptions,
): Promise<ChainSent> {
  const lastValidBlockHeight = ctx.lastValidBlockHeight(tx.recentBlockhash);
  return lastValidBlockHeight === undefined
    ? confirmSignature(connection, signature, opts)
    : confirmWith(connection, signature, opts, { blockhash: tx.recentBlockhash!, lastValidBlockHeight });
}

/**
 * Confirms a signature sent earlier whose blockhash this page no longer holds (a delegation assumed landed): the
 * same confirmation, failure texts and time-out rule as every other transaction the page sends.
 */
export function confirmSignature(
  connection: ChainSender,
  signature: string,
  opts: ChainSendOptions,
): Promise<ChainSent> {
  return confirmWith(connection, signature, opts);
}

async function confirmWith(
  connection: ChainSender,
  signature: string,
  opts: ChainSendOptions,
  strategy?: { blockhash: string; lastValidBlockHeight: number },
): Promise<ChainSent> {
  try {
    const { value } = strategy
      ? await connection.confirmTransaction({ signature, ...strategy }, opts.commitment)
      : await connection.confirmTransaction(signature, opts.commitment);
    // The one TransactionError that means "sign again with a fresh blockhash".
    if (value.err === 'BlockhashNotFound')
      throw new BlockhashExpiredError(`Transaction ${signature}: BlockhashNotFound`);
    if (value.err) throw new TransactionFailedError(signature, JSON.stringify(value.err));
    return { signature, status: 'confirmed' };
  } catch (err) {
    const failure = fromSendError(err, signature);
    if (failure instanceof ConfirmTimedOutError && opts.unconfirmed === 'assume')
      return { signature, status: 'assumed' };
    if (failure instanceof BlockhashExpiredError && (await landed(connection, signature)))
      return { signature, status: 'confirmed' };
    throw failure;
  }
}

async function sendOne(
  connection: ChainSender,
  tx: Transaction,
  ctx: SendContext,
  opts: ChainSendOptions,
): Promise<ChainSent> {
  let signature: string;
  try {
    signature = await connection.sendRawTransaction(tx.serialize(), {
      preflightCommitment: opts.preflightCommitment,
      maxRetries: opts.maxRetries,
    });
  } catch (err) {
    throw fromSendError(err);
  }
  ctx.onStep('confirming');
  return confirmOne(connection, signature, tx, ctx, opts);
}

/** Sign-only: sends and confirms the signed transactions in order; the first failure stops the rest. */
export function sendToChain(connection: ChainSender, opts: ChainSendOptions): SendStep<ChainSent[]> {
  return async (signed, ctx) => {
    const out: ChainSent[] = [];
    for (const [index, tx] of signed.entries()) {
      const sent = await sendOne(connection, tx, ctx, opts);
      out.push(sent);
      ctx.landed(index, sent.signature, sent.status);
    }
    return out;
  };
}

/**
 * Sign-and-send: the wallet sent them all; confirms each by the signature it returned. Every one is looked at (they
 * were all sent), each that landed is told to the path, and then the first failure is thrown.
 */
export function confirmSent(connection: ChainSender, opts: ChainSendOptions): SentStep<ChainSent[]> {
  return async (signatures, txs, ctx) => {
    ctx.onStep('confirming');
    const out: ChainSent[] = [];
    let failure: Error | undefined;
    for (const [index, signature] of signatures.entries()) {
      try {
        const sent = await confirmOne(connection, signature, txs[index], ctx, opts);
        out.push(sent);
        ctx.landed(index, sent.signature, sent.status);
      } catch (err) {
        if (isAbort(err)) throw err;
        failure ??= err as Error;
      }
    }
    if (failure) throw failure;
    return out;
  };
}

export interface SubmitOptions {
  /**
   * 'owner': someone signs after the owner (the relayer pays the fee, RELIABILITY, relayer), so the transaction is
   * serialized without every signature; the server adds its own only after its checks. Default 'all'.
   */
  signatures?: 'all' | 'owner';
}

/** Hands the signed transactions (base64) to the server, which sends them; its failure becomes SendFailedError. */
export function submitToServer<R>(
  submit: (signedBase64: string[]) => Promise<R>,
  options: SubmitOptions = {},
): SendStep<R> {
  const requireAllSignatures = options.signatures !== 'owner';
  return async (signed) => {
    try {
      return await submit(signed.map((tx) => tx.serialize({ requireAllSignatures }).toString('base64')));
    } catch (err) {
      if (err instanceof SigningPathError || isAbort(err)) throw err;
      throw new SendFailedError(undefined, err);
    }
  };
}
