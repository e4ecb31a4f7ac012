// The burn flows on the one signing path (src/features/wallet/wallet/signing.ts): all transactions of one action in one
// wallet request (PRODUCT difference 6) — sent by the wallet itself where it can, else signed and sent here in order;
// what confirmed before a later failure is kept and reported, and after an expiry the path asks again only for the
// transactions that did not land.
import type { Connection, Transaction } from '@solana/web3.js';
import { BATCH_SEND_MAX_RETRIES, CONFIRM_COMMITMENT, SEND_COMMITMENT } from '../../../common/constants';
import { signAndSend, type GuardStep, type SigningDeps } from '../../wallet/wallet';
import { isAbort } from '../../wallet/wallet';
import { type ChainSendOptions, type ChainSender, confirmSent, sendToChain } from '../../wallet/wallet/signingSteps';

export type RunnerConnection = ChainSender & Pick<Connection, 'getLatestBlockhash'>;
export type RunnerDeps = SigningDeps & { connection: RunnerConnection };

export interface RunOutcome {
  signatures: string[];
  /** Indexes (into the input) of the transactions that confirmed, in order. */
  confirmed: number[];
  /** Set when some transactions did not confirm (the rest did). */
  error?: unknown;
  attempts: number;
}

const SEND: ChainSendOptions = {
  preflightCommitment: SEND_COMMITMENT,
  commitment: CONFIRM_COMMITMENT,
  maxRetries: BATCH_SEND_MAX_RETRIES,
  unconfirmed: 'fail',
};

/**
 * Guard, review, one wallet request, send and confirm; once more for the unconfirmed after an expiry. Throws when
 * nothing confirmed.
 */
export async function runTransactions(
  deps: RunnerDeps,
  txs: Transaction[],
  guard: GuardStep,
  review?: (txs: Transaction[]) => Promise<unknown>,
): Promise<RunOutcome> {
  const landed = new Map<number, string>();
  let attempts = 0;
  const outcome = (error?: unknown): RunOutcome => {
    const confirmed = [...landed.keys()].sort((a, b) => a - b);
    return { signatures: confirmed.map((i) => landed.get(i)!), confirmed, attempts, ...(error ? { error } : {}) };
  };
  try {
    await signAndSend(deps, {
      blockhash: 'fresh',
      build: async (_attempt, pending) => {
        attempts++;
        return pending ? pending.map((i) => txs[i]) : txs;
      },
      guard,
      review,
      send: sendToChain(deps.connection, SEND),
      sent: confirmSent(deps.connection, { ...SEND, preflightCommitment: SEND_COMMITMENT }),
      sendOptions: { preflightCommitment: SEND_COMMITMENT, maxRetries: BATCH_SEND_MAX_RETRIES },
      onLanded: (index, signature) => landed.set(index, signature),
    });
    return outcome();
  } catch (err) {
    if (isAbort(err) || landed.size === 0) throw err;
    return outcome(err);
  }
}
