import type { AppStartListening } from '../../../app/listenerMiddleware';
import { classifyError } from '../../../common/classifyError';
import { activityRecorded } from '../../activity/activity';
import { isAbort } from '../../wallet/wallet';
import { recoveryApi } from './recoveryApi';
import { recoveryEnded, recoveryRequested } from './recoverySlice';

// The recovery of the chosen sources runs through the review dialog and the signing path; its code, and the words of
// its failures, load with the first recovery, in the burn flows' chunk (the review dialog's).
export function setupRecoveryListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: recoveryRequested,
    effect: async (action, api) => {
      if (api.getOriginalState().recovery.status === 'processing') return;
      // Until the flow's chunk has loaded (a failure to load it), a failure is worded as the recoveries word it.
      let failureText = (err: unknown) => classifyError(err, 'vacant').message;
      try {
        const flow = await import(/* webpackChunkName: "burn-flows" */ './recoveryFlow');
        failureText = flow.recoveryFailureText;
        const outcome = await flow.runRecovery(api, action.payload.ask);
        for (const entry of outcome.activity) api.dispatch(activityRecorded(entry));
        api.dispatch(recoveryEnded({ ok: outcome.ok, message: outcome.message }));
      } catch (err) {
        if (isAbort(err)) throw err;
        api.dispatch(recoveryEnded({ ok: false, message: failureText(err) }));
      }
      const owner = api.extra.wallet.publicKey;
      if (owner)
        await api.dispatch(
          recoveryApi.endpoints.getRecoveryPlan.initiate(owner, { subscribe: false, forceRefetch: true }),
        );
    },
  });
}
