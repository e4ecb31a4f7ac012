// Listener middleware types for the whole app. Each store (makeStore) creates its own middleware so tests get a
// fresh one; features register with `setupXListeners(startAppListening)` (see listeners.ts).
import type { ListenerEffect, ListenerEffectAPI, TypedStartListening } from '@reduxjs/toolkit';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';
import type { AppExtra } from './walletPort';

export type AppStartListening = TypedStartListening<RootState, AppDispatch, AppExtra>;
export type AppListenerEffectAPI = ListenerEffectAPI<RootState, AppDispatch, AppExtra>;

type AnyEffect = ListenerEffect<never, unknown, AppDispatch, AppExtra>;

/**
 * State and dispatch types come from the store, which is built with this middleware: the store types them with
 * `startListening.withTypes<RootState, AppDispatch, AppExtra>()` once it exists (see store.ts).
 *
 * `running()` counts the effects (and the tasks they fork) that have not finished yet, so that a test can wait until
 * the listeners are idle, an event, before it checks that something did not happen.
 */
export function createAppListenerMiddleware(extra: AppExtra) {
  const listeners = createListenerMiddleware({ extra });
  let running = 0;
  async function counted<T>(work: () => T | Promise<T>): Promise<T> {
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  }
  const countedEffect =
    (effect: AnyEffect): AnyEffect =>
    (action, api) => {
      const fork: typeof api.fork = (executor, options) =>
        api.fork((forkApi) => counted(() => executor(forkApi)), options);
      return counted(() => effect(action, { ...api, fork }));
    };
  const startListening = Object.assign(
    (options: { effect: AnyEffect }) =>
      listeners.startListening({ ...options, effect: countedEffect(options.effect) } as never),
    { withTypes: () => startListening },
  ) as unknown as typeof listeners.startListening;
  return { ...listeners, startListening, running: () => running };
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
