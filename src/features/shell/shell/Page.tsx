// The page: the brand header, then the landing at once. The wallet app (store, chain and wallet providers, the
// assets screen and the libraries they need) is a chunk of its own, loaded only when it is wanted: the connect button
// is pressed (or hovered, or focused), an address is checked, or a wallet connected before and auto-connect will
// reconnect it (docs/ARCHITECTURE.md, "First view"). Until then the landing needs no web3.js, no store, no wallets.
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { ASSETS } from '../../../common/texts/screenTexts';
import { ConnectScreen } from '../../landing/landing';
import { REMEMBERED_WALLET_KEY } from '../../../common/rememberedWallet';
import { LandingProvider, useLanding } from '../../landing/landing';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

export type WalletAppComponent = ComponentType<{ fallback: ReactNode }>;

let walletApp: Promise<WalletAppComponent> | null = null;
/** Starts loading the wallet app's code; one load however often asked, and a failed one is tried again when asked. */
export function loadWalletApp(): Promise<WalletAppComponent> {
  return (walletApp ??= import(/* webpackChunkName: "wallet-app" */ '../../../App').then(
    (m) => m.WalletApp,
    (err: unknown) => {
      walletApp = null;
      throw err;
    },
  ));
}
const preload = () => void loadWalletApp().catch(() => undefined); // a failure shows when the app is wanted

function walletRemembered(): boolean {
  try {
    return !!localStorage.getItem(REMEMBERED_WALLET_KEY);
  } catch {
    return false; // storage refused (private mode): the adapter cannot auto-connect either
  }
}

/** The wallet adapter's WalletMultiButton as it first renders, until the real one (with the wallet list) is here. */
function ConnectStandIn({ remembered, waiting }: { remembered: boolean; waiting: boolean }) {
  const { update } = useLanding();
  return (
    <div className="wallet-adapter-dropdown">
      <button
        type="button"
        className="wallet-adapter-button wallet-adapter-button-trigger"
        aria-busy={waiting}
        onPointerEnter={preload}
        onFocus={preload}
        // A remembered wallet is being reconnected already; otherwise the wallet list opens once it can.
        onClick={() => {
          if (!remembered) update({ connectPressed: true });
        }}
      >
        {remembered ? ASSETS.connectRememberedWallet : ASSETS.selectWallet}
      </button>
    </div>
  );
}

function PageBody() {
  const { connectPressed, address } = useLanding();
  const [remembered] = useState(walletRemembered);
  const [WalletApp, setWalletApp] = useState<WalletAppComponent | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const wanted = remembered || connectPressed || address !== null;
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    loadWalletApp().then(
      (app) => mounted && setWalletApp(() => app),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  if (failure) throw failure.error; // the fallback screen of docs/PRODUCT.md#fallback-screen, with its refresh button
  const landing = (
    <main className="page">
      <ConnectScreen button={<ConnectStandIn remembered={remembered} waiting={wanted} />} />
    </main>
  );
  return WalletApp ? <WalletApp fallback={landing} /> : landing;
}

export function Page() {
  return (
    <div className="app">
      <Header />
      <ErrorBoundary>
        <LandingProvider>
          <PageBody />
        </LandingProvider>
      </ErrorBoundary>
      <Footer />
    </div>
  );
}
