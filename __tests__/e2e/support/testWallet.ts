// Wallet Standard test wallet for browser tests. The page half is a plain init script (no bundling); the key stays
// in Node and the page reaches it through exposed functions. Lists as "Detected" in the wallet modal.
import crypto from 'crypto';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import type { BrowserContext } from 'playwright-core';

export type WalletOp = 'connect' | 'signTransaction' | 'signAndSendTransaction' | 'signMessage';
export interface WalletLogEntry {
  op: WalletOp;
  silent?: boolean;
  tx?: VersionedTransaction;
  chain?: string;
  message?: Buffer;
  sig?: Buffer;
}
export interface TestWalletOptions {
  keypair?: Keypair;
  name?: string;
  chains?: string[];
  /** Decides each request; return false to reject it as the user would. */
  approve?: (op: WalletOp, detail: unknown) => boolean | Promise<boolean>;
  onSend?: (tx: VersionedTransaction, chain: string) => Promise<void> | void;
  /** false: the wallet lacks `solana:signMessage` (many hardware-wallet set-ups; PRODUCT difference 11). */
  signMessage?: boolean;
}
export interface TestWallet {
  keypair: Keypair;
  name: string;
  log: WalletLogEntry[];
}

interface PageWalletArgs {
  name: string;
  address: string;
  publicKey: number[];
  chains: string[];
  signMessage: boolean;
}

// Runs in the page (serialised by Playwright): must not refer to anything outside its own body.
function pageWallet({ name, address, publicKey, chains, signMessage }: PageWalletArgs): void {
  const w = window as unknown as Record<string, (...a: unknown[]) => Promise<any>>;
  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#0a0"/></svg>',
    );
  const features = ['solana:signTransaction', 'solana:signAndSendTransaction'];
  if (signMessage) features.push('solana:signMessage');
  const account = Object.freeze({ address, publicKey: new Uint8Array(publicKey), chains, features, label: name, icon });
  const listeners = new Set<(p: unknown) => void>();
  let accounts: unknown[] = [];
  const setAccounts = (a: unknown[]) => {
    accounts = a;
    listeners.forEach((l) => l({ accounts }));
  };
  const bytes = (a: number[]) => new Uint8Array(a);
  type In = { transaction: Uint8Array; chain?: string; message: Uint8Array };
  const wallet = {
    version: '1.0.0',
    name,
    icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async ({ silent }: { silent?: boolean } = {}) => {
          if (!(await w.__e2eWalletConnect(!!silent))) throw new Error('User rejected');
          setAccounts([account]);
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
      'standard:events': {
        version: '1.0.0',
        on: (_ev: string, l: (p: unknown) => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...ins: In[]) =>
          Promise.all(
            ins.map(async (i) => ({ signedTransaction: bytes(await w.__e2eWalletSignTx(Array.from(i.transaction))) })),
          ),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...ins: In[]) =>
          Promise.all(
            ins.map(async (i) => ({
              signature: bytes(await w.__e2eWalletSignAndSend(Array.from(i.transaction), i.chain)),
            })),
          ),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...ins: In[]) =>
          Promise.all(
            ins.map(async (i) => ({
              signedMessage: i.message,
              signature: bytes(await w.__e2eWalletSignMsg(Array.from(i.message))),
            })),
          ),
      },
    },
  };
  if (!signMessage) delete (wallet.features as Record<string, unknown>)['solana:signMessage'];
  // == registerWallet() from @wallet-standard/wallet, inlined
  const callback = ({ register }: { register: (w: unknown) => void }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  window.addEventListener('wallet-standard:app-ready', ((e: CustomEvent) => callback(e.detail)) as EventListener);
}

export async function installTestWallet(context: BrowserContext, options: TestWalletOptions = {}): Promise<TestWallet> {
  const {
    keypair = Keypair.generate(),
    name = 'E2E Test Wallet',
    chains = ['solana:localnet', 'solana:devnet', 'solana:mainnet'],
    approve = () => true,
    onSend,
    signMessage = true,
  } = options;
  const log: WalletLogEntry[] = [];
  const pkcs8 = crypto.createPrivateKey({
    format: 'der',
    type: 'pkcs8',
    key: Buffer.concat([
      Buffer.from('302e020100300506032b657004220420', 'hex'),
      Buffer.from(keypair.secretKey.subarray(0, 32)),
    ]),
  });
  const signTx = (arr: number[]) => {
    const tx = VersionedTransaction.deserialize(Uint8Array.from(arr));
    tx.sign([keypair]);
    return tx;
  };
  await context.exposeFunction('__e2eWalletConnect', async (silent: boolean) => {
    log.push({ op: 'connect', silent });
    return approve('connect', { silent });
  });
  await context.exposeFunction('__e2eWalletSignTx', async (arr: number[]) => {
    if (!(await approve('signTransaction', arr))) throw new Error('User rejected');
    const tx = signTx(arr);
    log.push({ op: 'signTransaction', tx });
    return Array.from(tx.serialize());
  });
  await context.exposeFunction('__e2eWalletSignAndSend', async (arr: number[], chain: string) => {
    if (!(await approve('signAndSendTransaction', arr))) throw new Error('User rejected');
    const tx = signTx(arr);
    log.push({ op: 'signAndSendTransaction', tx, chain });
    if (onSend) await onSend(tx, chain);
    return Array.from(tx.signatures[0]);
  });
  await context.exposeFunction('__e2eWalletSignMsg', async (arr: number[]) => {
    if (!(await approve('signMessage', arr))) throw new Error('User rejected');
    const sig = crypto.sign(null, Buffer.from(arr), pkcs8);
    log.push({ op: 'signMessage', message: Buffer.from(arr), sig });
    return Array.from(sig);
  });
  await context.addInitScript(pageWallet, {
    name,
    address: keypair.publicKey.toBase58(),
    publicKey: Array.from(keypair.publicKey.toBytes()),
    chains,
    signMessage,
  });
  return { keypair, name, log };
}
