// What the vacant flow (src/features/recover/vacant/vacantFlow.ts) is given by its listener: the server calls, the relay and
// surplus checks, the chain guard, each wrapped so that a Reset (or a disconnect) stops the run at its next step.
// Loaded with the flow, in its own chunk, on the first recovery (vacantListeners.ts).
import { PublicKey } from '@solana/web3.js';
import { configApi } from '../../../api/configApi';
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { SIMULATED_SIGNATURE } from '../../../common/constants';
import { requireConnection } from '../../../app/requireConnection';
import { chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import { vacantApi } from './vacantApi';
import { relayerApi } from './relayerApi';
import { ownerCannotPayFees } from '../../../chain/relayChoice';
import type { VacantFlowDeps } from './vacantFlow';
import { vacantProgressChanged, vacantStepChanged } from './vacantSlice';
import { reviewVacant } from './vacantReview';
import { BUILT_WALLETS } from '../../../common/builtWallets';

export { runVacantBurn } from './vacantFlow';

export interface ForkControls {
  pause<T>(p: Promise<T>): Promise<T>;
  signal: AbortSignal;
}

export function flowDeps(api: AppListenerEffectAPI, runId: number, fork: ForkControls): VacantFlowDeps {
  // A cancelled run must not even start its next request: check before dispatching, then wait through pause.
  // The state is the truth: a Reset in the same tick as the wallet's answer has already moved the run on.
  const live = () => {
    const { status, runId: current } = api.getState().vacant;
    return !fork.signal.aborted && status === 'processing' && current === runId;
  };
  const pause = <T>(p: () => Promise<T>) =>
    live()
      ? fork.pause(p())
      : Promise.reject(Object.assign(new Error('Vacant burn was reset'), { name: 'TaskAbortError' }));
  const dispatch = api.dispatch;
  const { getVacantAccounts, prepareBurnTransactions, submitBurnTransaction } = vacantApi.endpoints;
  return {
    wallet: api.extra.wallet,
    list: async (ownerAddress) =>
      await pause(() =>
        dispatch(
          // The spec shows no vacant-accounts placeholder signature: the burn request's literal serves.
          getVacantAccounts.initiate({ ownerAddress, signedMessage: SIMULATED_SIGNATURE }),
        ).unwrap(),
      ),
    prepare: async (ownerAddress, accounts, options) =>
      await pause(() =>
        dispatch(
          prepareBurnTransactions.initiate({
            ownerAddress,
            vacantAccounts: accounts,
            ...(api.getState().vacant.withdrawSurplus || options?.surplusOnly ? { withdrawSurplus: true } : {}),
            ...(options?.relayFee ? { relayFee: true } : {}),
          }),
        ).unwrap(),
      ),
    relay: {
      // A send-only wallet is never relayed on request (the banner hides the tick box and says why).
      requested: () => api.getState().vacant.relayFee && api.getState().walletInfo.canSignOnly,
      ownerCannotPay: async (owner, transactions) => {
        const connection = api.extra.connection();
        if (!connection) return false;
        const chain = {
          getBalance: (o: string) => connection.getBalance(new PublicKey(o), 'confirmed'),
          getMinimumBalanceForRentExemption: (n: number) => connection.getMinimumBalanceForRentExemption(n),
        };
        return pause(() => ownerCannotPayFees(chain, owner, transactions));
      },
      address: async () =>
        (
          await pause(() =>
            dispatch(
              relayerApi.endpoints.getRelayerStatus.initiate(undefined, { subscribe: false, forceRefetch: true }),
            ).unwrap(),
          )
        ).address,
    },
    surplusAvailable: () => (api.getState().rent.estimate?.surplusAccounts ?? 0) > 0,
    submit: async (signed, accountCount) =>
      await pause(() =>
        dispatch(
          submitBurnTransaction.initiate(
            signed.length === 1
              ? { signedTransaction: signed[0], accountCount }
              : { signedTransactions: signed, accountCount },
          ),
        ).unwrap(),
      ),
    record: async (sentSignatures, accountCount) =>
      await pause(() => dispatch(submitBurnTransaction.initiate({ sentSignatures, accountCount })).unwrap()),
    serverWallets: async () =>
      await pause(() => dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap()),
    chainGuard: (intent, serverWallets) => (txs) =>
      chainGuardStep(requireConnection(api.extra), intent, { serverWallets, dispatch })(txs),
    delay: (ms) => api.delay(ms),
    step: (step) => dispatch(vacantStepChanged({ runId, step })),
    progress: (text) => dispatch(vacantProgressChanged({ runId, text })),
    review: async (plan) =>
      await pause(() =>
        reviewVacant(api, requireConnection(api.extra), { ...plan, feeWallet: BUILT_WALLETS.feeWallet }),
      ),
    pause: fork.pause,
  };
}
