// Chain and wallet providers, set up from /api/config: ConnectionProvider on the server's RPC proxy, the three
// adapters of the spec plus every Wallet Standard wallet (auto-connect), the wallet list dialog, and — in local mode — the
// Local Demo Wallet.
import { WalletAdapterNetwork, type WalletError } from '@solana/wallet-adapter-base';
import { CoinbaseWalletAdapter } from '@solana/wallet-adapter-coinbase';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { configApi } from '../../../api/configApi';
import type { MutableAppExtra } from '../../../app/walletPort';
import { CONNECTION_COMMITMENT } from '../../../common/constants';
import { REMEMBERED_WALLET_KEY } from '../../../common/rememberedWallet';
import { ASSETS } from '../../../common/texts';
import { chainEndpoint } from './chainEndpoint';
import { registerDemoWallet } from './demoWallet/registerDemoWallet';
import { WalletBridge } from './WalletBridge';
import { WalletDialogProvider } from './ConnectWalletDialog';
import { walletConnectFailed } from './walletSlice';

function logWalletError(error: WalletError): void {
  // Rejections and missing extensions are the user's choice; the flows show their own messages.
  console.warn(`[wallet] ${error.name}: ${error.message}`);
}

/** A failed or rejected connection is said on the connect screen (the flows report their own signing errors). */
const CONNECT_ERRORS = new Set([
  'WalletConnectionError',
  'WalletNotReadyError',
  'WalletWindowClosedError',
  'WalletAccountError',
]);

export function ChainProviders({
  extra,
  fallback,
  children,
}: {
  extra: MutableAppExtra;
  /** Shown while /api/config loads (the page's landing); a loading line without it. */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { data: config, isLoading } = configApi.useGetConfigQuery();
  const dispatch = useAppDispatch();
  const onError = useCallback(
    (error: WalletError) => {
      logWalletError(error);
      if (CONNECT_ERRORS.has(error.name)) dispatch(walletConnectFailed({ message: error.message }));
    },
    [dispatch],
  );
  const { endpoint, wsEndpoint } = useMemo(
    () => chainEndpoint(config?.quicknodeRpcUrl, window.location.href),
    [config?.quicknodeRpcUrl],
  );
  const wallets = useMemo(
    () => [
      new PhantomWalletAdapter(),
      new SolflareWalletAdapter({ network: WalletAdapterNetwork.Mainnet }),
      new CoinbaseWalletAdapter(),
    ],
    [],
  );
  if (config?.localnet) registerDemoWallet(); // idempotent; before the wallet list is built
  if (isLoading) return fallback ?? <p className="page-loading">{ASSETS.loading}</p>;
  return (
    <ConnectionProvider endpoint={endpoint} config={{ commitment: CONNECTION_COMMITMENT, wsEndpoint }}>
      <WalletProvider wallets={wallets} autoConnect onError={onError} localStorageKey={REMEMBERED_WALLET_KEY}>
        <WalletDialogProvider>
          <WalletBridge extra={extra} />
          {children}
        </WalletDialogProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}
