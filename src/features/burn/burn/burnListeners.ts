import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import type { ErrorFlow } from '../../../chain/classifyError';
import { burnFailureText, errorName } from './burnErrors';
import { bulkNftBurnRequested, bulkTokenBurnRequested, singleBurnRequested } from '../../../app/events';
import { burnFailed } from './burnSlice';

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
}
