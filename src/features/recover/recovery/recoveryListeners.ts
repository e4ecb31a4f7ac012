import type { AppStartListening } from '../../../app/listenerMiddleware';
import { classifyError } from '../../../common/classifyError';
import { activityRecorded } from '../../activity/activity';
import { RECOVERY_SECTION } from '../../../common/texts';
import { GuardRefusedError, SendFailedError, isAbort } from '../../wallet/wallet';
import { recoveryApi } from './recoveryApi';
import { recoveryEnded, recoveryRequested } from './recoverySlice';

/** The guard's refusal and a cancelled review say so in their own words; anything else as the recoveries word it. */
function failureText(err: unknown): string {
  if ((err as Error)?.name === 'ReviewCancelledError') return RECOVERY_SECTION.cancelled;
  if (err instanceof GuardRefusedError) return err.message;
  if (err instanceof SendFailedError && err.cause !== undefined) return classifyError(err.cause, 'vacant').message;
  return classifyError(err, 'vacant').message;
}

// The recovery of the chosen sources runs through the review dialog and the signing path; its code loads with the
// first recovery, in the burn flows' chunk (the review dialog's).
export function setupRecoveryListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: recoveryRequested,
    effect: async (action, api) => {
      if (api.getOriginalState().recovery.status === 'processing') return;
      try {
        const { runRecovery } = await import(/* webpackChunkName: "burn-flows" */ './recoveryFlow');
        const outcome = await runRecovery(api, action.payload.ask);
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
