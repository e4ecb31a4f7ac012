// The wallet port: a mutable holder for the connected wallet's public key and signing functions, updated by the
// React bridge (WalletBridge.tsx) and read by listeners through `extra`. Never put in Redux state.
import type { SolanaSignInInput, SolanaSignInOutput } from '@solana/wallet-standard-features';
import type { Commitment, Connection, Transaction, VersionedTransaction } from '@solana/web3.js';

export type SignableTransaction = Transaction | VersionedTransaction;

/** How the wallet should send what it signs (the Wallet Standard's signAndSendTransaction options). */
export interface SendAllOptions {
  preflightCommitment?: Commitment;
  maxRetries?: number;
  /**
   * `solana:signAndSendAllTransactions` only: 'serial' when a later transaction must land after an earlier one,
   * 'parallel' (the default) when each stands alone (docs/PRODUCT.md, "What each transaction does").
   */
  mode?: 'serial' | 'parallel';
}

/**
 * What the signing path keeps of this wallet for the session and tells the screen while it asks one transaction per
 * request (src/features/wallet/wallet/oneAtATime.ts; the store wires it once). Absent: no memory, no progress shown.
 */
export interface WalletSession {
  /** The wallet refused a request carrying several transactions earlier in this session. */
  refusesBatches(): boolean;
  /** It just did: remember it and say why on the screen. */
  refusedBatch(): void;
  /** Asking for transaction `current` of `total` (1-based). */
  asking(current: number, total: number): void;
  /** The user asked to stop after the current approval. */
  stopRequested(): boolean;
  /** The one-at-a-time run is over (done, stopped or failed). */
  finished(): void;
}

/** A sign-in answer (Sign In With Solana): the exact message the wallet signed and its signature. */
export type SignInAnswer = Pick<SolanaSignInOutput, 'signedMessage' | 'signature'> & {
  /** The account that signed (its public key bytes). */
  publicKey: Uint8Array;
};

export interface WalletPort {
  publicKey: string | null;
  signTransaction?: <T extends SignableTransaction>(tx: T) => Promise<T>;
  /** One approval for several transactions; absent when the wallet cannot (callers fall back, PRODUCT difference 6). */
  signAllTransactions?: <T extends SignableTransaction>(txs: T[]) => Promise<T[]>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
  /**
   * Signs and sends every transaction with ONE wallet request (`solana:signAndSendTransaction` with one input per
   * transaction; Phantom's injected signAndSendAllTransactions); resolves with their signatures (base58), in order.
   * Absent when the wallet cannot send (signingMode.ts chooses sign-only then).
   */
  signAndSendAll?: (txs: Transaction[], options?: SendAllOptions) => Promise<string[]>;
  /** `solana:signIn` (Sign In With Solana): the wallet builds and shows the message itself, with its domain check. */
  signIn?: (input: SolanaSignInInput) => Promise<SignInAnswer>;
  /** Not the wallet's own: the page's memory of it (kept across updateWalletPort; reset when it disconnects). */
  session?: WalletSession;
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
  port.signAndSendAll = next.signAndSendAll;
  port.signIn = next.signIn;
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
