import type { AppStartListening } from '../../app/listenerMiddleware';
import { classifyError } from '../../chain/classifyError';
import { activityRecorded } from '../activity/activitySlice';
import { recoveryApi } from './recoveryApi';
import { recoveryEnded, recoveryRequested } from './recoverySlice';

// The recovery of the chosen sources runs through the review dialog and the signing path; its code loads with the
// first recovery, in the burn flows' chunk (the review dialog's).
export function setupRecoveryListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: recoveryRequested,
    effect: async (action, api) => {
      if (api.getOriginalState().recovery.status === 'processing') return;
      try {
        const { runRecovery } = await import(/* webpackChunkName: "burn-flows" */ './recoveryFlow');
        const outcome = await runRecovery(api, action.payload.addresses);
        for (const entry of outcome.activity) api.dispatch(activityRecorded(entry));
        api.dispatch(recoveryEnded({ ok: outcome.ok, message: outcome.message }));
      } catch (err) {
        api.dispatch(recoveryEnded({ ok: false, message: classifyError(err, 'vacant').message }));
      }
      const owner = api.extra.wallet.publicKey;
      if (owner)
        await api.dispatch(
          recoveryApi.endpoints.getRecoverable.initiate(owner, { subscribe: false, forceRefetch: true }),
        );
    },
  });
}
