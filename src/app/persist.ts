// redux-persist: only the activity log and the hidden-assets list survive a reload (never the API cache).
import type { PersistConfig } from 'redux-persist';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

export const PERSIST_KEY = 'solback';
export const PERSISTED_SLICES = ['activity', 'hiddenAssets'] as const;

export function persistConfig<S>(): PersistConfig<S> {
  return { key: PERSIST_KEY, version: 1, storage, whitelist: [...PERSISTED_SLICES] };
}

/** redux-persist's own actions carry functions; the serializability check must let them pass. */
export const PERSIST_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];
