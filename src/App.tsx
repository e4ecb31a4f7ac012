// The page: brand header, then the wallet assets screen inside the store, persistence and chain/wallet providers.
// A render failure anywhere below the header shows the fallback screen of spec §2.6.
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { makeStore } from './app/store';
import { createAppExtra } from './app/walletPort';
import { AssetsScreen } from './features/shell/AssetsScreen';
import { ErrorBoundary } from './features/shell/ErrorBoundary';
import { Header } from './features/shell/Header';
import { ChainProviders } from './features/wallet/ChainProviders';
import './features/shell/shell.css';

function createPage() {
  const extra = createAppExtra();
  const store = makeStore(undefined, extra);
  return { extra, store, persistor: persistStore(store) };
}

export function App() {
  const [{ extra, store, persistor }] = useState(createPage);
  // redux-persist writes on a timer; a reload right after an action (the vacant flow's success reload) would drop
  // the newest activity entry. Flushing on pagehide writes it synchronously to localStorage first.
  useEffect(() => {
    const flush = () => void persistor.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [persistor]);
  return (
    <div className="app">
      <Header />
      <ErrorBoundary>
        <Provider store={store}>
          <PersistGate persistor={persistor} loading={null}>
            <ChainProviders extra={extra}>
              <main className="page">
                <AssetsScreen />
              </main>
            </ChainProviders>
          </PersistGate>
        </Provider>
      </ErrorBoundary>
    </div>
  );
}
