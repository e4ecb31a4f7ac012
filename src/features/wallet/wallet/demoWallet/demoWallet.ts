// "Local Demo Wallet": a Wallet Standard wallet living in the page (local mode only, backend/localnet/README.md). The wallet
// adapter lists it like any installed wallet; it signs with a key from localStorage and, on the first connect of a
// key, asks the local chain to fund it so every flow can be tried at once.
import type { Keypair } from '@solana/web3.js';
import { VersionedTransaction } from '@solana/web3.js';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import { loadOrCreateDemoKeypair, markFunded, wasFunded } from './demoKeyStore';

export const DEMO_WALLET_NAME = 'Local Demo Wallet';
export const DEMO_WALLET_CHAINS = ['solana:localnet', 'solana:devnet', 'solana:mainnet'] as const;
const FEATURES = ['solana:signTransaction', 'solana:signMessage'] as const;

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#14F195"/>' +
  '<path d="M18 22h28l-6 6H12zM18 36h28l-6 6H12z" fill="#0b0b14"/></svg>';
export const DEMO_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as WalletIcon;

export interface DemoWalletOptions {
  /** Called once per new key, before connect resolves, so the first load already sees the funded assets. */
  fund: (owner: string) => Promise<void>;
  storage?: Storage;
}

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void;

export function createDemoWallet({ fund, storage }: DemoWalletOptions): Wallet {
  let keypair: Keypair | null = null;
  let accounts: readonly WalletAccount[] = [];
  const listeners = new Set<Listener>();
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next;
    listeners.forEach((l) => l({ accounts }));
  };
  const signer = () => {
    if (!keypair) throw new Error('Local Demo Wallet is not connected');
    return keypair;
  };

  const connect = async () => {
    keypair ??= loadOrCreateDemoKeypair(storage);
    const address = keypair.publicKey.toBase58();
    if (!wasFunded(address, storage)) {
      await fund(address);
      markFunded(address, storage);
    }
    const account: WalletAccount = Object.freeze({
      address,
      publicKey: keypair.publicKey.toBytes(),
      chains: DEMO_WALLET_CHAINS,
      features: FEATURES,
      label: DEMO_WALLET_NAME,
      icon: DEMO_WALLET_ICON,
    });
    setAccounts([account]);
    return { accounts };
  };

  return {
    version: '1.0.0',
    name: DEMO_WALLET_NAME,
    icon: DEMO_WALLET_ICON,
    chains: DEMO_WALLET_CHAINS,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      // Several inputs = several transactions signed with one approval (the adapter's signAllTransactions).
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
          inputs.map(({ transaction }) => {
            const tx = VersionedTransaction.deserialize(transaction);
            tx.sign([signer()]);
            return { signedTransaction: tx.serialize() };
          }),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { message: Uint8Array }[]) => {
          // tweetnacl (10 KB gzip) loads with the first signed message, not with the page.
          const { default: nacl } = await import(/* webpackChunkName: "demo-sign" */ 'tweetnacl');
          return inputs.map(({ message }) => ({
            signedMessage: message,
            signature: nacl.sign.detached(message, signer().secretKey),
          }));
        },
      },
    },
  };
}
