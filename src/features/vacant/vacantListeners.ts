import type { TaskAbortError } from '@reduxjs/toolkit';
import { PublicKey } from '@solana/web3.js';
import { configApi } from '../../api/configApi';
import type { AppListenerEffectAPI, AppStartListening } from '../../app/listenerMiddleware';
import { VACANT_ACCOUNTS_PLACEHOLDER_SIGNATURE } from '../../common/constants';
import { classifyError } from '../../chain/classifyError';
import { getConnection } from '../selection/loadingSupport';
import { chainGuardStep } from '../wallet/chainGuardStep';
import { activityRecorded } from '../activity/activitySlice';
import { rentEstimateRefreshRequested } from '../rent/rentSlice';
import { walletDisconnected } from '../wallet/walletSlice';
import { vacantApi } from './vacantApi';
import { relayerApi } from './relayerApi';
import { ownerCannotPayFees } from './relayChoice';
import { runVacantBurn, type VacantFlowDeps } from './vacantFlow';
import {
  vacantBurnEnded,
  vacantBurnRequested,
  vacantBurnSucceeded,
  vacantReset,
  vacantStepChanged,
} from './vacantSlice';

// Runs the §4.5 flow in a fork so that Reset (or a disconnect) can abandon it mid-way: the fork is cancelled and
// the slice ignores anything the abandoned run would still report.

interface ForkControls {
  pause<T>(p: Promise<T>): Promise<T>;
  signal: AbortSignal;
}

function flowDeps(api: AppListenerEffectAPI, runId: number, fork: ForkControls): VacantFlowDeps {
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
          getVacantAccounts.initiate({ ownerAddress, signedMessage: VACANT_ACCOUNTS_PLACEHOLDER_SIGNATURE }),
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
      requested: () => api.getState().vacant.relayFee,
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
    serverWallets: async () =>
      await pause(() => dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap()),
    chainGuard: (intent, serverWallets) => (txs) =>
      chainGuardStep(getConnection(api.extra), intent, { serverWallets, dispatch })(txs),
    delay: (ms) => api.delay(ms),
    step: (step) => dispatch(vacantStepChanged({ runId, step })),
    pause: fork.pause,
  };
}

export async function vacantBurnEffect(api: AppListenerEffectAPI): Promise<void> {
  const runId = api.getState().vacant.runId;
  const task = api.fork(async (forkApi) => runVacantBurn(flowDeps(api, runId, forkApi)));
  const stop = api.take((a) => vacantReset.match(a) || walletDisconnected.match(a));
  stop.catch(() => undefined); // rejects when this effect ends first
  const first = await Promise.race([
    task.result.then((r) => ({ kind: 'done' as const, r })),
    stop.then(() => ({ kind: 'stopped' as const })),
  ]);
  if (first.kind === 'stopped') {
    task.cancel();
    return;
  }
  const outcome = first.r;
  if (outcome.status !== 'ok') {
    if (outcome.status === 'rejected' && (outcome.error as TaskAbortError)?.name !== 'TaskAbortError')
      api.dispatch(vacantBurnEnded({ runId, alert: classifyError(outcome.error, 'vacant').message }));
    return;
  }
  const value = outcome.value;
  if (!value.ok) {
    const reachedChain = api.getState().vacant.step === 'submitting';
    api.dispatch(vacantBurnEnded({ runId, alert: value.alert, error: value.error }));
    // Some transactions of a multi-transaction submit may have landed before one failed: show what is left.
    if (reachedChain) api.dispatch(rentEstimateRefreshRequested());
    return;
  }
  const { result } = value;
  api.dispatch(
    activityRecorded({
      type: 'vacant-burn',
      title: result.accountCount > 0 ? 'Vacant accounts closed' : 'Surplus rent withdrawn',
      description:
        result.accountCount > 0
          ? `${result.accountCount} empty token account${result.accountCount === 1 ? '' : 's'} closed`
          : 'SOL held above rent in accounts you keep',
      lamports: result.recoveredLamports - result.serviceFeeLamports,
      timestamp: Date.now(),
      signature: result.signature,
    }),
  );
  api.dispatch(vacantBurnSucceeded({ runId, result, alert: value.alert }));
  api.dispatch(rentEstimateRefreshRequested());
}

export function setupVacantListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: vacantBurnRequested,
    effect: async (_action, api) => {
      if (api.getOriginalState().vacant.status === 'processing') return; // a second click while busy does nothing
      await vacantBurnEffect(api);
    },
  });
}
