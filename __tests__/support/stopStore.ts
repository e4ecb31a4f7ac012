// A store made in a Node test keeps the process alive after its test: its running listeners (the signing limit, the
// 8 s message clear) wait on timers, and RTK Query holds a removal timer per cached answer (an hour for the token
// lists). Jest can only exit on its own (no --forceExit) when every test stops the stores it made.
import { clearAllListeners } from '@reduxjs/toolkit';
import { baseApi } from '../../src/api/baseApi';

export function stopStore(store: { dispatch(action: unknown): unknown }): void {
  store.dispatch(clearAllListeners());
  store.dispatch(baseApi.util.resetApiState()); // clears the cache's removal timers and aborts running queries
}
