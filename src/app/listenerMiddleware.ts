// Listener middleware types for the whole app. Each store (makeStore) creates its own middleware so tests get a
// fresh one; features register with `setupXListeners(startAppListening)` (see listeners.ts).
import type { ListenerEffectAPI, TypedStartListening } from '@reduxjs/toolkit';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';
import type { AppExtra } from './walletPort';

export type AppStartListening = TypedStartListening<RootState, AppDispatch, AppExtra>;
export type AppListenerEffectAPI = ListenerEffectAPI<RootState, AppDispatch, AppExtra>;

/**
 * State and dispatch types come from the store, which is built with this middleware: the store types them with
 * `startListening.withTypes<RootState, AppDispatch, AppExtra>()` once it exists (see store.ts).
 */
export function createAppListenerMiddleware(extra: AppExtra) {
  return createListenerMiddleware({ extra });
}

/**
 * One call of a flow's step (a flow is listener steps: prepare → guard → signAndSend → report): not started once the
 * listener is cancelled (a Reset, a disconnect), and given up at once if it is cancelled while it waits. Each step calls
 * the API this way: `listenerCall(api, () => api.dispatch(endpoint.initiate(arg)).unwrap())`.
 */
export async function listenerCall<T>(
  api: Pick<AppListenerEffectAPI, 'throwIfCancelled' | 'pause'>,
  call: () => Promise<T>,
): Promise<T> {
  api.throwIfCancelled();
  return api.pause(call());
}
