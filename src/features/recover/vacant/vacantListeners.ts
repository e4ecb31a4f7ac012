import type { TaskAbortError } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { classifyError } from '../../../common/classifyError';
import { activityRecorded } from '../../activity/activity';
import { celebrationTriggered } from '../../activity/celebration';
import { rentEstimateRefreshRequested } from '../rent/rentSlice';
import { walletDisconnected } from '../../../app/events';
import { vacantBurnEnded, vacantBurnRequested, vacantBurnSucceeded, vacantReset } from './vacantSlice';

// Runs the docs/PRODUCT.md#close-vacant-accounts flow in a fork so that Reset (or a disconnect) can abandon it mid-way: the fork is cancelled and
// the slice ignores anything the abandoned run would still report. The flow and its dependencies (prepare, guard,
// signing) load with the first recovery, in their own chunk; a chunk that fails to load ends the run with an alert.

export async function vacantBurnEffect(api: AppListenerEffectAPI): Promise<void> {
  const runId = api.getState().vacant.runId;
  const task = api.fork(async (forkApi) => {
    const { flowDeps, runVacantBurn } = await import(/* webpackChunkName: "vacant-flow" */ './vacantFlowDeps');
    return runVacantBurn(flowDeps(api, runId, forkApi));
  });
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
  // What reached the wallet, as the report says it: back less the service fee and the network fee.
  const gain = result.recoveredLamports - result.serviceFeeLamports - (result.networkFeeLamports ?? 0);
  api.dispatch(
    activityRecorded({
      type: 'vacant-burn',
      title: result.accountCount > 0 ? 'Vacant accounts closed' : 'Surplus rent withdrawn',
      description:
        result.accountCount > 0
          ? `${result.accountCount} empty token account${result.accountCount === 1 ? '' : 's'} closed`
          : 'SOL held above rent in accounts you keep',
      lamports: gain,
      transactions: result.signatures.length,
      timestamp: Date.now(),
      signature: result.signature,
    }),
  );
  api.dispatch(vacantBurnSucceeded({ runId, result, alert: value.alert }));
  api.dispatch(
    celebrationTriggered({
      title: result.accountCount > 0 ? 'Vacant accounts closed' : 'Surplus rent withdrawn',
      description: value.alert,
      lamports: gain,
    }),
  );
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
