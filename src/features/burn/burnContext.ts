// What every burn effect needs from the listener API: the wallet port and the connection (both from `extra`,
// never from state), the priority fee, and how a finished burn is recorded.
import type { Connection } from '@solana/web3.js';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import type { WalletPort } from '../../app/walletPort';
import { priorityFeeFromRecent } from '../../chain/fees';
import { getConnection } from '../selection/loadingSupport';
import { burnStepReached } from './burnSlice';
import type { RunnerDeps } from './txRunner';

export type BurnApi = AppListenerEffectAPI;

export function getWallet(extra: unknown): WalletPort {
  const wallet = (extra as { wallet?: WalletPort } | undefined)?.wallet;
  return wallet ?? { publicKey: null };
}

export function runnerDeps(api: BurnApi, connection: Connection, wallet: WalletPort): RunnerDeps {
  return {
    connection,
    wallet,
    delay: (ms) => api.delay(ms),
    onStep: (step) => {
      if (step !== 'checking') api.dispatch(burnStepReached(step));
    },
  };
}

export function connectionOf(api: BurnApi): Connection {
  return getConnection(api.extra);
}

/** Compute-unit price from recent prioritization fees, capped (DESIGN §3.9); the floor when the node cannot say. */
export async function currentPriorityFee(connection: Pick<Connection, 'getRecentPrioritizationFees'>): Promise<number> {
  try {
    return priorityFeeFromRecent(await connection.getRecentPrioritizationFees());
  } catch {
    return priorityFeeFromRecent([]);
  }
}
