// The Local Demo Wallet's key, kept in this browser's localStorage (backend/localnet/README.md). Local chain only: the SOL on it
// comes from /api/localnet/fund and is worth nothing anywhere else.
import { Keypair } from '@solana/web3.js';

export const DEMO_KEY_STORAGE_KEY = 'solback.demoWallet.secretKey';
export const DEMO_FUNDED_STORAGE_KEY = 'solback.demoWallet.fundedOwner';

export function loadOrCreateDemoKeypair(storage: Storage = window.localStorage): Keypair {
  const saved = storage.getItem(DEMO_KEY_STORAGE_KEY);
  if (saved) {
    try {
      const bytes = Uint8Array.from(JSON.parse(saved) as number[]);
      if (bytes.length === 64) return Keypair.fromSecretKey(bytes);
    } catch {
      // A damaged entry is replaced by a new key below.
    }
  }
  const keypair = Keypair.generate();
  storage.setItem(DEMO_KEY_STORAGE_KEY, JSON.stringify(Array.from(keypair.secretKey)));
  storage.removeItem(DEMO_FUNDED_STORAGE_KEY);
  return keypair;
}

export const wasFunded = (owner: string, storage: Storage = window.localStorage): boolean =>
  storage.getItem(DEMO_FUNDED_STORAGE_KEY) === owner;

export const markFunded = (owner: string, storage: Storage = window.localStorage): void =>
  storage.setItem(DEMO_FUNDED_STORAGE_KEY, owner);
