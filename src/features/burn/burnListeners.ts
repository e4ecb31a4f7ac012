import { isAnyOf } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../app/listenerMiddleware';
import type { ErrorFlow } from '../../chain/classifyError';
import { SUCCESS_MESSAGE_CLEAR_MS } from '../../common/constants';
import { burnFailureText, errorName } from './burnErrors';
import {
  bulkNftBurnRequested,
  bulkTokenBurnRequested,
  burnFailed,
  burnMessageCleared,
  burnSucceeded,
  singleBurnRequested,
} from './burnSlice';

/** Spec §9: the success message clears after 8 s — only that message, not one shown since. */
async function clearSuccessMessageLater(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  const id = api.getState().burn.message?.id;
  if (id === undefined) return;
  await api.delay(SUCCESS_MESSAGE_CLEAR_MS);
  api.dispatch(burnMessageCleared(id));
}

type BurnEffect<A> = (action: A, api: AppListenerEffectAPI) => Promise<void>;

/**
 * The burn flows (planning, review, guard, signing) load with the first burn, in their own chunk, not with the page.
 * The re-entry check stays here: the original state can only be read before the first await. A chunk that fails to
 * load ends the burn like any other failure.
 */
function lazyBurn<A>(flow: ErrorFlow | ((action: A) => ErrorFlow), load: () => Promise<BurnEffect<A>>): BurnEffect<A> {
  return async (action, api) => {
    if (api.getOriginalState().burn.busy) return; // re-entry: the reducer ignored it too
    let effect: BurnEffect<A>;
    try {
      effect = await load();
    } catch (err) {
      const text = burnFailureText(err, typeof flow === 'function' ? flow(action) : flow);
      api.dispatch(burnFailed({ name: errorName(err), message: text }));
      return;
    }
    await effect(action, api);
  };
}

export function setupBurnListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: singleBurnRequested,
    effect: lazyBurn(
      (a) => (a.payload.kind === 'token' ? 'burnToken' : 'burnNft'),
      async () => (await import(/* webpackChunkName: "burn-flows" */ './singleBurn')).singleBurnEffect,
    ),
  });
  startAppListening({
    actionCreator: bulkTokenBurnRequested,
    effect: lazyBurn(
      'bulkTokens',
      async () => (await import(/* webpackChunkName: "burn-flows" */ './bulkTokenBurn')).bulkTokenBurnEffect,
    ),
  });
  startAppListening({
    actionCreator: bulkNftBurnRequested,
    effect: lazyBurn(
      'bulkNfts',
      async () => (await import(/* webpackChunkName: "burn-flows" */ './bulkNftBurn')).bulkNftBurnEffect,
    ),
  });
  startAppListening({ matcher: isAnyOf(burnSucceeded), effect: clearSuccessMessageLater });
}
