// What every burn effect needs from the listener API: the wallet port and the connection (both from `extra`,
// never from state), the priority fee, and how a finished burn is recorded.
import { type Connection, PublicKey } from '@solana/web3.js';
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import type { WalletPort } from '../../../app/walletPort';
import { priorityFeeFromRecent } from '../../../chain/fees';
import { MAX_PRIORITY_FEE_ACCOUNTS } from '../../../common/constants';
import { configApi } from '../../../api/configApi';
import { type ChainGuardIntent, chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import type { GuardStep } from '../../wallet/wallet';
import { requireConnection } from '../../../app/requireConnection';
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

/**
 * The chain-reading guard step for a burn (PRODUCT difference 10): the server's /api/config must name the wallets this page was
 * built for, and every figure is read from the chain by the page; reports the simulated SOL change to the store.
 */
export async function burnGuard(api: BurnApi, connection: Connection, intent: ChainGuardIntent): Promise<GuardStep> {
  const config = await api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap();
  return chainGuardStep(connection, intent, { serverWallets: config, dispatch: api.dispatch });
}

export function connectionOf(api: BurnApi): Connection {
  return requireConnection(api.extra);
}

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
