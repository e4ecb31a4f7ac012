// The burn flows' listener steps after planning: guard (the chain-reading guard, PRODUCT difference 10) and
// signAndSend on the one signing path (src/features/wallet/wallet/signing.ts): all transactions of one action in one
// wallet request (PRODUCT difference 6) — sent by the wallet itself where it can, else signed and sent here in order;
// what confirmed before a later failure is kept and reported, and after an expiry the path asks again only for the
// transactions that did not land. Each takes the listener's API: the wallet and the connection come from `extra`.
import { type Connection, PublicKey, type Transaction } from '@solana/web3.js';
import { configApi } from '../../../api/configApi';
import { type AppListenerEffectAPI, listenerCall } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { priorityFeeFromRecent } from '../../../chain/fees';
import {
  BATCH_SEND_MAX_RETRIES,
  CONFIRM_COMMITMENT,
  MAX_PRIORITY_FEE_ACCOUNTS,
  SEND_COMMITMENT,
} from '../../../common/constants';
import { signAndSend, type GuardStep, type SigningStep } from '../../wallet/wallet';
import { isAbort } from '../../wallet/wallet';
import { type ChainGuardIntent, chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import { type ChainSendOptions, confirmSent, sendToChain } from '../../wallet/wallet/signingSteps';
import { burnStepReached } from './burnSlice';

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
 * Compute-unit price from recent prioritization fees for a transaction writing `writable` (at most 128 addresses, the
 * RPC's limit), capped (PRODUCT difference 9); the floor when the node cannot say.
 */
export async function currentPriorityFee(
  connection: Pick<Connection, 'getRecentPrioritizationFees'>,
  writable: readonly string[] = [],
): Promise<number> {
  try {
    const lockedWritableAccounts = writable.slice(0, MAX_PRIORITY_FEE_ACCOUNTS).map((a) => new PublicKey(a));
    return priorityFeeFromRecent(await connection.getRecentPrioritizationFees({ lockedWritableAccounts }));
  } catch {
    return priorityFeeFromRecent([]);
  }
}

/**
 * The guard step: the server's /api/config must name the wallets this page was built for, and every figure is read
 * from the chain by the page; it reports the simulated SOL change to the store.
 */
export async function burnGuard(api: AppListenerEffectAPI, intent: ChainGuardIntent): Promise<GuardStep> {
  const config = await listenerCall(api, () =>
    api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap(),
  );
  return chainGuardStep(requireConnection(api.extra), intent, { serverWallets: config, dispatch: api.dispatch });
}

/**
 * The signAndSend step: guard, review, one wallet request, send and confirm; once more for the unconfirmed after an
 * expiry. Throws when nothing confirmed.
 */
export async function signAndSendBurn(
  api: AppListenerEffectAPI,
  txs: Transaction[],
  guard: GuardStep,
  review?: (txs: Transaction[]) => Promise<unknown>,
): Promise<RunOutcome> {
  const connection = requireConnection(api.extra);
  const deps = {
    connection,
    wallet: api.extra.wallet,
    delay: (ms: number) => api.delay(ms),
    onStep: (step: SigningStep) => {
      if (step !== 'checking') api.dispatch(burnStepReached(step));
    },
  };
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
      send: sendToChain(connection, SEND),
      sent: confirmSent(connection, { ...SEND, preflightCommitment: SEND_COMMITMENT }),
      sendOptions: { preflightCommitment: SEND_COMMITMENT, maxRetries: BATCH_SEND_MAX_RETRIES },
      onLanded: (index, signature) => landed.set(index, signature),
    });
    return outcome();
  } catch (err) {
    if (isAbort(err) || landed.size === 0) throw err;
    return outcome(err);
  }
}
