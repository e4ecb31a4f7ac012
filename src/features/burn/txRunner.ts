// Sign → send → confirm for the burn flows, with the 120 s signing limit and the one re-sign with a fresh blockhash
// when the first attempt expired (spec §4.6, DESIGN §3.6: all transactions of one action in one approval).
import type { Connection, Transaction } from '@solana/web3.js';
import { CONFIRM_COMMITMENT, BATCH_SEND_MAX_RETRIES, SEND_COMMITMENT, SIGNING_TIMEOUT_MS } from '../../common/constants';
import { SigningFailedError, SigningTimeoutError, TransactionFailedError, WalletCannotSignError, isExpiredError } from './burnErrors';

export interface SigningWallet {
  publicKey: string | null;
  signTransaction?: <T extends Transaction>(tx: T) => Promise<T>;
  signAllTransactions?: <T extends Transaction>(txs: T[]) => Promise<T[]>;
}

export type RunnerConnection = Pick<Connection, 'getLatestBlockhash' | 'sendRawTransaction' | 'confirmTransaction'>;

export interface RunnerDeps {
  connection: RunnerConnection;
  wallet: SigningWallet;
  /** listenerApi.delay: rejects when the listener is cancelled. */
  delay: (ms: number) => Promise<void>;
  onStep?: (step: 'awaitingSignature' | 'sending' | 'confirming') => void;
}

export const canSignAll = (wallet: SigningWallet): boolean => typeof wallet.signAllTransactions === 'function';
export const canSign = (wallet: SigningWallet): boolean =>
  typeof wallet.signTransaction === 'function' || canSignAll(wallet);

/** One wallet approval for all `txs` when the wallet can; within the 120 s limit. */
export async function signWithin(deps: RunnerDeps, txs: Transaction[]): Promise<Transaction[]> {
  const { wallet } = deps;
  let signing: Promise<Transaction[]>;
  if (txs.length > 1 && wallet.signAllTransactions) signing = wallet.signAllTransactions(txs);
  else if (txs.length === 1 && wallet.signTransaction) signing = wallet.signTransaction(txs[0]).then((t) => [t]);
  else if (wallet.signAllTransactions) signing = wallet.signAllTransactions(txs);
  else if (wallet.signTransaction) signing = sequential(wallet.signTransaction, txs);
  else throw new WalletCannotSignError();
  const timeout = deps.delay(SIGNING_TIMEOUT_MS).then(() => {
    throw new SigningTimeoutError();
  });
  timeout.catch(() => undefined); // the listener's cancellation also rejects it; never unhandled
  try {
    return await Promise.race([signing, timeout]);
  } catch (err) {
    if ((err as { name?: string })?.name === 'TaskAbortError') throw err;
    throw new SigningFailedError(err);
  }
}

async function sequential(sign: NonNullable<SigningWallet['signTransaction']>, txs: Transaction[]) {
  const out: Transaction[] = [];
  for (const tx of txs) out.push(await sign(tx));
  return out;
}

async function sendAndConfirm(connection: RunnerConnection, tx: Transaction, lastValidBlockHeight: number, onSent: () => void) {
  const signature = await connection.sendRawTransaction(tx.serialize(), {
    preflightCommitment: SEND_COMMITMENT,
    maxRetries: BATCH_SEND_MAX_RETRIES,
  });
  onSent();
  const blockhash = tx.recentBlockhash!;
  const { value } = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, CONFIRM_COMMITMENT);
  if (value.err) throw new TransactionFailedError(signature, JSON.stringify(value.err));
  return signature;
}

export interface RunOutcome {
  signatures: string[];
  /** Indexes (into the input) of the transactions that confirmed, in order. */
  confirmed: number[];
  /** Set when some transactions did not confirm (the rest did). */
  error?: unknown;
  attempts: number;
}

/**
 * Sets a fresh blockhash on every transaction, asks the wallet once, sends and confirms them in order. A blockhash
 * expiry re-signs the unconfirmed ones with a new blockhash exactly once. Throws when nothing confirmed.
 */
export async function runTransactions(deps: RunnerDeps, txs: Transaction[]): Promise<RunOutcome> {
  const confirmed: number[] = [];
  const signatures: string[] = [];
  let pending = txs.map((_, i) => i);
  for (let attempt = 0; ; attempt++) {
    const { blockhash, lastValidBlockHeight } = await deps.connection.getLatestBlockhash(CONFIRM_COMMITMENT);
    for (const i of pending) {
      txs[i].recentBlockhash = blockhash;
      txs[i].signatures = txs[i].signatures.map((s) => ({ publicKey: s.publicKey, signature: null }));
    }
    deps.onStep?.('awaitingSignature');
    const signed = await signWithin(deps, pending.map((i) => txs[i]));
    deps.onStep?.('sending');
    try {
      for (const [k, i] of pending.entries()) {
        signatures.push(await sendAndConfirm(deps.connection, signed[k], lastValidBlockHeight, () => deps.onStep?.('confirming')));
        confirmed.push(i);
      }
      return { signatures, confirmed, attempts: attempt + 1 };
    } catch (err) {
      pending = pending.filter((i) => !confirmed.includes(i));
      if (attempt === 0 && isExpiredError(err)) continue;
      if (confirmed.length === 0) throw err;
      return { signatures, confirmed, error: err, attempts: attempt + 1 };
    }
  }
}
