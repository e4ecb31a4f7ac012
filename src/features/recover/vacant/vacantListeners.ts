import { isAnyOf } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { classifyError } from '../../../common/classifyError';
import { activityRecorded } from '../../activity/activity';
import { celebrationTriggered } from '../../activity/celebration';
import { rentEstimateRefreshRequested } from '../rent/rentSlice';
import { walletDisconnected } from '../../../app/events';
import { isAbort } from '../../wallet/wallet';
import type { VacantOutcome } from './vacantSteps';
import { vacantBurnEnded, vacantBurnRequested, vacantBurnSucceeded, vacantReset } from './vacantSlice';
import { SURPLUS } from '../../../common/texts/surplusTexts';

// Runs the docs/PRODUCT.md#close-vacant-accounts flow (vacantFlow.ts: listener steps). Reset (or a disconnect) cancels
// the running listener, so the run stops at its next step; the slice ignores anything the abandoned run would still
// report. The flow and its dependencies (prepare, guard, signing) load with the first recovery, in their own chunk; a
// chunk that fails to load ends the run with an alert.

export async function vacantBurnEffect(api: AppListenerEffectAPI): Promise<void> {
  const runId = api.getState().vacant.runId;
  let outcome: VacantOutcome;
  try {
    const { runVacantBurn } = await api.pause(import(/* webpackChunkName: "vacant-flow" */ './vacantFlow'));
    outcome = await runVacantBurn(api, runId);
    api.throwIfCancelled();
  } catch (err) {
    if (!isAbort(err)) api.dispatch(vacantBurnEnded({ runId, alert: classifyError(err, 'vacant').message }));
    return;
  }
  if (!outcome.ok) {
    const reachedChain = api.getState().vacant.step === 'submitting';
    api.dispatch(vacantBurnEnded({ runId, alert: outcome.alert, error: outcome.error }));
    // Some transactions of a multi-transaction submit may have landed before one failed: show what is left.
    if (reachedChain) api.dispatch(rentEstimateRefreshRequested());
    return;
  }
  const { result } = outcome;
  // What reached the wallet, as the report says it: back less the service fee and the network fee.
  const gain = result.recoveredLamports - result.serviceFeeLamports - (result.networkFeeLamports ?? 0);
  api.dispatch(
    activityRecorded({
      type: 'vacant-burn',
      title: result.accountCount > 0 ? 'Vacant accounts closed' : 'Surplus rent withdrawn',
      description:
        result.accountCount > 0
          ? `${result.accountCount} empty token account${result.accountCount === 1 ? '' : 's'} closed`
          : SURPLUS.cardLine,
      lamports: gain,
      transactions: result.signatures.length,
      timestamp: Date.now(),
      signature: result.signature,
    }),
  );
  api.dispatch(vacantBurnSucceeded({ runId, result, alert: outcome.alert }));
  api.dispatch(
    celebrationTriggered({
      title: result.accountCount > 0 ? 'Vacant accounts closed' : 'Surplus rent withdrawn',
      description: outcome.alert,
      lamports: gain,
    }),
  );
  api.dispatch(rentEstimateRefreshRequested());
}

export function setupVacantListeners(startAppListening: AppStartListening): void {
  startAppListening({
    matcher: isAnyOf(vacantBurnRequested, vacantReset, walletDisconnected),
    effect: async (action, api) => {
      if (!vacantBurnRequested.match(action)) return api.cancelActiveListeners(); // Reset, or a disconnect: the run stops
      if (api.getOriginalState().vacant.status === 'processing') return; // a second click while busy does nothing
      await vacantBurnEffect(api);
    },
  });
}
