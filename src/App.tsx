// The wallet app, a chunk of its own (docs/ARCHITECTURE.md, "First view"): the store, persistence and the chain and
// wallet providers around the wallet assets screen. The page (src/features/shell/shell/Page.tsx) shows `fallback`, its
// landing, while this app still reads its saved state and /api/config, so nothing on screen moves meanwhile.
import { type ReactNode, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { makeStore } from './app/store';
import { createAppExtra } from './app/walletPort';
import { AssetsScreen } from './features/shell/shell';
import { ChainProviders } from './features/wallet/wallet/ChainProviders';

function createApp() {
  const extra = createAppExtra();
  const store = makeStore(undefined, extra);
  return { extra, store, persistor: persistStore(store) };
}

export function WalletApp({ fallback }: { fallback: ReactNode }) {
  const [{ extra, store, persistor }] = useState(createApp);
  // redux-persist writes on a timer; a reload right after an action (the vacant flow's success reload) would drop
  // the newest activity entry. Flushing on pagehide writes it synchronously to localStorage first.
  useEffect(() => {
    const flush = () => void persistor.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [persistor]);
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={fallback}>
        <ChainProviders extra={extra} fallback={fallback}>
          <main className="page">
            <AssetsScreen />
          </main>
        </ChainProviders>
      </PersistGate>
    </Provider>
  );
}
