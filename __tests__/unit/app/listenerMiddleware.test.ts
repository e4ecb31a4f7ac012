// The count of running listener effects that tests wait on (`listenersIdle`): an effect counts until it ends, and a
// task it forked until that task ends too, even when the effect ended first. A count stuck at 0 would let every
// "nothing happened afterwards" check pass at once, so this proves it moves.
import { configureStore, createAction } from '@reduxjs/toolkit';
import { createAppListenerMiddleware } from '../../../src/app/listenerMiddleware';
import { createAppExtra } from '../../../src/app/walletPort';
import { until } from '../../support/until';

const ping = createAction('test/ping');

it('counts an effect and the task it forked until each has ended', async () => {
  const listeners = createAppListenerMiddleware(createAppExtra());
  const store = configureStore({ reducer: () => 0, middleware: (m) => m().prepend(listeners.middleware) });
  let endEffect!: () => void;
  let endFork!: () => void;
  listeners.startListening({
    actionCreator: ping,
    effect: async (_action, api) => {
      api.fork(() => new Promise<void>((r) => (endFork = r)));
      await new Promise<void>((r) => (endEffect = r));
    },
  });
  expect(listeners.running()).toBe(0);
  store.dispatch(ping());
  await until(() => listeners.running() === 2, 5_000, 'the effect and its fork');
  endEffect();
  await until(() => listeners.running() === 1, 5_000, 'the effect to end');
  endFork();
  await until(() => listeners.running() === 0, 5_000, 'the fork to end');
});
