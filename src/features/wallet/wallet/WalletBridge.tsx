// Connects the wallet adapter's React state to the store: keeps the wallet port and the connection in `extra`
// current, and turns key changes into walletConnected / walletDisconnected (port first, so listeners see it).
// Sign-and-send and sign-in come from the wallet behind the adapter (walletFeatures.ts).
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { MutableAppExtra, WalletPort } from '../../../app/walletPort';
import { updateWalletPort } from '../../../app/walletPort';
import { signAndSendAllFor, signInFor } from './walletFeatures';
import { walletConnected, walletDisconnected } from '../../../app/events';

export function WalletBridge({ extra }: { extra: MutableAppExtra }) {
  const dispatch = useAppDispatch();
  const { connection } = useConnection();
  const { wallet, publicKey, connected, signTransaction, signAllTransactions, signMessage } = useWallet();
  const adapter = wallet?.adapter ?? null;
  const address = connected && publicKey ? publicKey.toBase58() : null;
  const shown = useRef<string | null>(null);

  useEffect(() => {
    extra.setConnection(connection);
  }, [extra, connection]);

  useEffect(() => {
    const port: WalletPort = {
      publicKey: address,
      signTransaction,
      signAllTransactions,
      signMessage,
      signAndSendAll: signAndSendAllFor(adapter, connection),
      signIn: signInFor(adapter),
    };
    updateWalletPort(extra.wallet, address ? port : { publicKey: null });
    if (shown.current === address) return;
    if (shown.current !== null) dispatch(walletDisconnected());
    shown.current = address;
    if (address) dispatch(walletConnected({ publicKey: address }));
  }, [extra, dispatch, address, adapter, connection, signTransaction, signAllTransactions, signMessage]);

  return null;
}
