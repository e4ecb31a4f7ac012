// What every burn effect needs from the listener API: the wallet port and the connection (both from `extra`,
// never from state), the priority fee, and how a finished burn is recorded.
import type { Connection } from '@solana/web3.js';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { priorityFeeFromRecent } from '../../chain/fees';
import { configApi } from '../../api/configApi';
import { pinnedWallets } from '../../common/builtWallets';
import { type PageGuard, pageGuard } from '../guard/pageGuard';
import { getConnection } from '../selection/loadingSupport';
import { burnStepReached } from './burnSlice';
import { type RunnerDeps, type SigningWallet } from './txRunner';

export type BurnApi = AppListenerEffectAPI;

export function getWallet(extra: unknown): SigningWallet {
  const wallet = (extra as { wallet?: SigningWallet } | undefined)?.wallet;
  return wallet ?? { publicKey: null };
}

export function runnerDeps(api: BurnApi, connection: Connection, wallet: SigningWallet): RunnerDeps {
  return { connection, wallet, delay: (ms) => api.delay(ms), onStep: (step) => api.dispatch(burnStepReached(step)) };
}

/** The chain-reading guard over the page's connection; reports the simulated SOL change to the store. */
export function guardOf(api: BurnApi, connection: Connection): PageGuard {
  return pageGuard(connection, api.dispatch);
}

/** Refuses a server whose /api/config names wallets this page was not built for (issue 13), whatever the flow. */
export async function assertServerWallets(api: BurnApi): Promise<void> {
  pinnedWallets(await api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap());
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
