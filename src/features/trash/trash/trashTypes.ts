// What the cNFT trash ways share: their outcome and what they need (the wallet port, the chain, the store's dispatch
// for the /api endpoints).
import type { Connection } from '@solana/web3.js';
import type { ServerWallets } from '../../../common/builtWallets';
import { type ChainGuardIntent, chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import type { GuardStep } from '../../wallet/wallet';
import type { WalletPort } from '../../../app/walletPort';
import type { AppDispatch } from '../../../app/store';
import { describeApiError } from '../../../api/apiError';
import type { SigningDeps, SigningStep } from '../../wallet/wallet';

export type TrashMethod = 'standard' | 'fixed' | 'basic' | 'robust' | 'delegated' | 'burn' | 'batch';

export interface TrashOutcome {
  assetId: string;
  /** success: confirmed; assumed: sent but not confirmed in time; hidden: basic fallback — hidden, NOT moved. */
  status: 'success' | 'assumed' | 'hidden';
  method: TrashMethod;
  signature: string;
  message?: string;
  explorerUrl?: string;
}

export type TrashConnection = Pick<
  Connection,
  | 'getAccountInfo'
  | 'getLatestBlockhash'
  | 'sendRawTransaction'
  | 'confirmTransaction'
  | 'getSignatureStatuses'
  // the chain-reading guard (PRODUCT difference 10): its own reads and the simulation
  | 'getMultipleAccountsInfo'
  | 'simulateTransaction'
>;

export class ApiCallError extends Error {
  name = 'ApiCallError';
  constructor(
    message: string,
    readonly status: number | string,
  ) {
    super(message);
  }
}

/**
 * A way's /api call, `apiCall(deps.dispatch(endpoint.initiate(arg)))`: the RTK Query endpoint (one cache, one base
 * query, the spec's time-outs and retries), unwrapped; a failure becomes an ApiCallError carrying the server's text.
 */
export async function apiCall<T>(request: { unwrap(): Promise<T>; unsubscribe?: () => void }): Promise<T> {
  try {
    return await request.unwrap();
  } catch (err) {
    const info = describeApiError(err);
    throw new ApiCallError(info.message, info.status);
  } finally {
    request.unsubscribe?.();
  }
}

export interface TrashDeps {
  wallet: WalletPort;
  connection: TrashConnection;
  /** The trash wallet this page was built for (src/common/builtWallets.ts), never the server's word. */
  trashWallet: string;
  /** The server's /api/config: the guard refuses a server naming wallets this page was not built for. */
  serverWallets?: ServerWallets;
  /** The store's dispatch: the ways call the /api endpoints with it (`apiCall`), the guard reports the simulated SOL change the confirm step shows. */
  dispatch: AppDispatch;
  /** Another guard step for an intent (unit tests of texts and fallbacks without a chain); default: the chain guard. */
  guard?: (intent: ChainGuardIntent) => GuardStep;
  /** The listener's delay: the docs/PRODUCT.md#figures-and-limits pauses between steps and the 120 s signing limit. */
  delay: (ms: number) => Promise<void>;
  onStep?: (step: SigningStep) => void;
  /** The page's host and origin for signed authorisations (default: the /api server's, i.e. the page's own). */
  pageLocation?: { host: string; origin: string };
}

/** The chain-reading guard step for a cNFT way (src/features/wallet/wallet/chainGuardStep.ts). */
export const trashGuard = (
  deps: Pick<TrashDeps, 'connection' | 'serverWallets' | 'dispatch' | 'guard'>,
  intent: ChainGuardIntent,
): GuardStep =>
  deps.guard
    ? deps.guard(intent)
    : chainGuardStep(deps.connection, intent, { serverWallets: deps.serverWallets, dispatch: deps.dispatch });

export const signingDeps = (deps: TrashDeps): SigningDeps => ({
  wallet: deps.wallet,
  delay: deps.delay,
  connection: deps.connection,
  onStep: deps.onStep,
});
