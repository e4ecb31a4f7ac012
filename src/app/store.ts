// The store factory (Redux templates' makeStore): a fresh store per page or per test, with RTK Query, the
// listener middleware (wallet port + connection in `extra`) and redux-persist for activity and hiddenAssets only.
import { configureStore } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { baseApi } from '../api/baseApi';
import { createAppListenerMiddleware } from './listenerMiddleware';
import { setupListeners } from './listeners';
import { PERSIST_ACTIONS, persistConfig } from './persist';
import { rootReducer, type CombinedState } from './rootReducer';
import { createAppExtra, type AppExtra } from './walletPort';
import { storeWalletSession } from '../features/wallet/wallet/oneAtATime';

const persistedReducer = persistReducer(persistConfig<CombinedState>(), rootReducer);

export type RootState = ReturnType<typeof persistedReducer>;

export function makeStore(preloadedState?: Partial<RootState>, extra: AppExtra = createAppExtra()) {
  const listenerMiddleware = createAppListenerMiddleware(extra);
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: { ignoredActions: PERSIST_ACTIONS } })
        .prepend(listenerMiddleware.middleware)
        .concat(baseApi.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  setupListeners(listenerMiddleware.startListening.withTypes<RootState, AppDispatch, AppExtra>());
  extra.wallet.session ??= storeWalletSession(store); // what the page learns of the wallet lives in this store
  // `runningListeners` lets a test wait until every listener effect has finished (see listenerMiddleware.ts).
  return Object.assign(store, { extra, runningListeners: listenerMiddleware.running });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
