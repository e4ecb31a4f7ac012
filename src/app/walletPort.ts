// The wallet port: a mutable holder for the connected wallet's public key and signing functions, updated by the
// React bridge (WalletBridge.tsx) and read by listeners through `extra`. Never put in Redux state.
import type { Connection, Transaction, VersionedTransaction } from '@solana/web3.js';

export type SignableTransaction = Transaction | VersionedTransaction;

export interface WalletPort {
  publicKey: string | null;
  signTransaction?: <T extends SignableTransaction>(tx: T) => Promise<T>;
  /** One approval for several transactions; absent when the wallet cannot (callers fall back, PRODUCT difference 6). */
  signAllTransactions?: <T extends SignableTransaction>(txs: T[]) => Promise<T[]>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
}

/** What listeners get as `extra`: the wallet port and the page's chain connection (null until config is known). */
export interface AppExtra {
  wallet: WalletPort;
  connection: () => Connection | null;
}

export function createWalletPort(): WalletPort {
  return { publicKey: null };
}

/** Replaces every field of the port in place (listeners keep the same object). */
export function updateWalletPort(port: WalletPort, next: WalletPort): void {
  port.publicKey = next.publicKey;
  port.signTransaction = next.signTransaction;
  port.signAllTransactions = next.signAllTransactions;
  port.signMessage = next.signMessage;
}

/** The page's own extra: the React bridge sets the connection once the providers have one. */
export interface MutableAppExtra extends AppExtra {
  setConnection(connection: Connection | null): void;
}

export function createAppExtra(wallet: WalletPort = createWalletPort()): MutableAppExtra {
  let current: Connection | null = null;
  return {
    wallet,
    connection: () => current,
    setConnection: (c) => {
      current = c;
    },
  };
}
