// The burn flows on the one signing path (src/features/wallet/signing.ts): all transactions of one action in one
// approval (PRODUCT difference 6), sent in order; what confirmed before a later failure is kept and reported, and after an
// expiry only the unconfirmed ones are signed again.
import type { Connection, Transaction } from '@solana/web3.js';
import { BATCH_SEND_MAX_RETRIES, CONFIRM_COMMITMENT, SEND_COMMITMENT } from '../../common/constants';
import { signAndSend, type GuardStep, type SigningDeps } from '../wallet/signing';
import { isAbort } from '../wallet/signingErrors';
import { sendToChain, type ChainSender } from '../wallet/signingSteps';

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

/** Guard, one approval, send and confirm in order; one re-sign of the unconfirmed after an expiry. Throws when nothing confirmed. */
export async function runTransactions(deps: RunnerDeps, txs: Transaction[], guard: GuardStep): Promise<RunOutcome> {
  const confirmed: number[] = [];
  const signatures: string[] = [];
  let pending: number[] = [];
  let attempts = 0;
  try {
    await signAndSend(deps, {
      blockhash: 'fresh',
      build: async () => {
        attempts++;
        pending = txs.map((_, i) => i).filter((i) => !confirmed.includes(i));
        return pending.map((i) => txs[i]);
      },
      guard,
      send: sendToChain(deps.connection, {
        preflightCommitment: SEND_COMMITMENT,
        commitment: CONFIRM_COMMITMENT,
        maxRetries: BATCH_SEND_MAX_RETRIES,
        unconfirmed: 'fail',
        onLanded: (k, sent) => {
          confirmed.push(pending[k]);
          signatures.push(sent.signature);
        },
      }),
    });
    return { signatures, confirmed, attempts };
  } catch (err) {
    if (isAbort(err) || confirmed.length === 0) throw err;
    return { signatures, confirmed, error: err, attempts };
  }
}
