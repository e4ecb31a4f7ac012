// Stands in for '@solana-mobile/wallet-adapter-mobile' where @solana/wallet-adapter-react imports it (see
// webpack.config.ts). The provider builds the Mobile Wallet Adapter only on Android web without an installed wallet,
// yet its import alone put ~45 KB gzip (protocol, second @noble and @solana/errors copies, QR code) into the first
// page. This adapter has the same name, icon and ready state, loads the real one as soon as it is built and hands
// every call and event through, so Android users see and use the same wallet.
import type * as Mobile from '@solana-mobile/wallet-adapter-mobile';
import {
  BaseSignInMessageSignerWalletAdapter,
  type SendTransactionOptions,
  type WalletName,
  WalletConnectionError,
  WalletReadyState,
} from '@solana/wallet-adapter-base';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import {
  type Connection,
  type SendOptions,
  Transaction,
  type TransactionVersion,
  VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';

type Config = ConstructorParameters<typeof Mobile.SolanaMobileWalletAdapter>[0];

const loadMobile = () => import(/* webpackChunkName: "mobile-wallet" */ '@solana-mobile/wallet-adapter-mobile');

export const SolanaMobileWalletAdapterWalletName = 'Mobile Wallet Adapter' as WalletName<'Mobile Wallet Adapter'>;

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB3aWR0aD0iMjQiIGhlaWdodD0iMjQiIHZpZXdCb3g9IjAgMCAyNCAyNCIgZmlsbD0ibm9uZSIgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj4KPHBhdGggZmlsbC1ydWxlPSJldmVub2RkIiBjbGlwLXJ1bGU9ImV2ZW5vZGQiIGQ9Ik03IDIuNUgxN0MxNy44Mjg0IDIuNSAxOC41IDMuMTcxNTcgMTguNSA0VjIwQzE4LjUgMjAuODI4NCAxNy44Mjg0IDIxLjUgMTcgMjEuNUg3QzYuMTcxNTcgMjEuNSA1LjUgMjAuODI4NCA1LjUgMjBWNEM1LjUgMy4xNzE1NyA2LjE3MTU3IDIuNSA3IDIuNVpNMyA0QzMgMS43OTA4NiA0Ljc5MDg2IDAgNyAwSDE3QzE5LjIwOTEgMCAyMSAxLjc5MDg2IDIxIDRWMjBDMjEgMjIuMjA5MSAxOS4yMDkxIDI0IDE3IDI0SDdDNC43OTA4NiAyNCAzIDIyLjIwOTEgMyAyMFY0Wk0xMSA0LjYxNTM4QzEwLjQ0NzcgNC42MTUzOCAxMCA1LjA2MzEgMTAgNS42MTUzOFY2LjM4NDYyQzEwIDYuOTM2OSAxMC40NDc3IDcuMzg0NjIgMTEgNy4zODQ2MkgxM0MxMy41NTIzIDcuMzg0NjIgMTQgNi45MzY5IDE0IDYuMzg0NjJWNS42MTUzOEMxNCA1LjA2MzEgMTMuNTUyMyA0LjYxNTM4IDEzIDQuNjE1MzhIMTFaIiBmaWxsPSIjRENCOEZGIi8+Cjwvc3ZnPgo=' as const;

// Same test as the real adapter's getIsSupported().
const isSupported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  typeof document !== 'undefined' &&
  /android/i.test(navigator.userAgent);

export class SolanaMobileWalletAdapter extends BaseSignInMessageSignerWalletAdapter {
  readonly supportedTransactionVersions: ReadonlySet<TransactionVersion> = new Set<TransactionVersion>(['legacy', 0]);
  name = SolanaMobileWalletAdapterWalletName;
  icon = ICON;
  url = 'https://solanamobile.com/wallets';
  #initialReadyState = isSupported() ? WalletReadyState.Loadable : WalletReadyState.Unsupported;
  #real: Mobile.SolanaMobileWalletAdapter | null = null;
  #loaded: Promise<Mobile.SolanaMobileWalletAdapter>;

  constructor(config: Config) {
    super();
    this.#loaded = loadMobile().then((m) => {
      const real = new m.SolanaMobileWalletAdapter(config);
      real.on('connect', (publicKey) => this.emit('connect', publicKey));
      real.on('disconnect', () => this.emit('disconnect'));
      real.on('error', (error) => this.emit('error', error));
      real.on('readyStateChange', (state) => this.emit('readyStateChange', state));
      this.#real = real;
      return real;
    });
    this.#loaded.catch(() => undefined); // reported by the first call that needs it
  }

  get publicKey() {
    return this.#real?.publicKey ?? null;
  }
  get connected() {
    return this.#real?.connected ?? false;
  }
  get connecting() {
    return this.#real?.connecting ?? false;
  }
  get readyState() {
    return this.#real?.readyState ?? this.#initialReadyState;
  }

  async #use(): Promise<Mobile.SolanaMobileWalletAdapter> {
    try {
      return await this.#loaded;
    } catch (e) {
      const error = new WalletConnectionError(e instanceof Error ? e.message : 'Unknown error', e);
      this.emit('error', error);
      throw error;
    }
  }

  async autoConnect() {
    return (await this.#use()).autoConnect();
  }
  async connect() {
    return (await this.#use()).connect();
  }
  async disconnect() {
    return (await this.#use()).disconnect();
  }
  async signIn(input?: SolanaSignInInput) {
    return (await this.#use()).signIn(input);
  }
  async signMessage(message: Uint8Array) {
    return (await this.#use()).signMessage(message);
  }
  async sendTransaction(
    transaction: Transaction | VersionedTransaction,
    connection: Connection,
    options?: SendTransactionOptions,
  ) {
    return (await this.#use()).sendTransaction(transaction, connection, options);
  }
  /**
   * Sign-and-send for every transaction, in order (PRODUCT difference 10: Mobile Wallet Adapter 2.0 makes
   * signAndSendTransactions mandatory and signTransactions optional). The adapter's sendTransaction goes through
   * the wallet's `solana:signAndSendTransaction`, which opens one wallet session per transaction
   * (@solana-mobile/wallet-standard-mobile), so on Android each transaction is its own approval. A legacy
   * transaction is handed over as a VersionedTransaction of the same legacy message, whose unsigned bytes the
   * adapter can serialize. Signatures come back base58 (the adapter answers base64).
   */
  async signAndSendAllTransactions(txs: Transaction[], options: SendOptions | undefined, connection: Connection) {
    const real = await this.#use();
    const signatures: string[] = [];
    for (const tx of txs) {
      const unsigned = tx instanceof Transaction ? new VersionedTransaction(tx.compileMessage()) : tx;
      signatures.push(base58Signature(await real.sendTransaction(unsigned, connection, options)));
    }
    return signatures;
  }
  async signTransaction<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T> {
    return (await this.#use()).signTransaction(transaction);
  }
  async signAllTransactions<T extends Transaction | VersionedTransaction>(transactions: T[]): Promise<T[]> {
    return (await this.#use()).signAllTransactions(transactions);
  }
}

/** A 64-byte signature as base58, whether the adapter gave it base58 or base64 (base58 has no '=', '+' or '/'). */
function base58Signature(signature: string): string {
  return /[=+/]/.test(signature) ? bs58.encode(Buffer.from(signature, 'base64')) : signature;
}

export function createDefaultAddressSelector(): Mobile.AddressSelector {
  return { select: async (addresses) => addresses[0] };
}

// The real cache lives in the mobile chunk; the adapter calls these unbound, as the real one does.
export function createDefaultAuthorizationResultCache(): Mobile.AuthorizationResultCache {
  const real = loadMobile().then((m) => m.createDefaultAuthorizationResultCache());
  real.catch(() => undefined); // reported by the call that needs it
  return {
    clear: async () => (await real).clear(),
    get: async () => (await real).get(),
    set: async (result) => (await real).set(result),
  };
}

export function createDefaultWalletNotFoundHandler() {
  return async (adapter: Mobile.SolanaMobileWalletAdapter) =>
    (await loadMobile()).createDefaultWalletNotFoundHandler()(adapter);
}
