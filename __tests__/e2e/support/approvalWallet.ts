// A Wallet Standard test wallet that counts approvals: every transaction of one `solana:signTransaction` call is one
// approval (the page signs all transactions of an action at once, PRODUCT difference 6). The key stays in Node; `signed`
// keeps what it signed, so a test can measure each transaction.
import { type Keypair, VersionedTransaction } from '@solana/web3.js';
import type { BrowserContext } from 'playwright-core';

export type Approver = (op: 'connect' | 'sign', count: number) => Promise<boolean>;

/**
 * A Wallet Standard wallet registered in the page; connect and signing call back into Node, where the key is.
 * `solana:signTransaction` receives every transaction of one approval in one call, so `approvals` counts approvals.
 */
export async function installApprovalWallet(context: BrowserContext, keypair: Keypair, approve: { current: Approver }) {
  const log = { approvals: [] as number[], signed: [] as Uint8Array[] };
  await context.exposeFunction('__approvalWalletConnect', () => approve.current('connect', 0));
  await context.exposeFunction('__approvalWalletSign', async (txs: number[][]) => {
    if (!(await approve.current('sign', txs.length))) throw new Error('User rejected the request.');
    log.approvals.push(txs.length);
    return txs.map((bytes) => {
      const tx = VersionedTransaction.deserialize(Uint8Array.from(bytes));
      tx.sign([keypair]);
      log.signed.push(tx.serialize());
      return Array.from(tx.serialize());
    });
  });
  await context.addInitScript(
    ({ address, publicKey }) => {
      const chains = ['solana:localnet', 'solana:devnet', 'solana:mainnet'];
      const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#f0a"/></svg>')}`;
      const account = Object.freeze({
        address,
        publicKey: new Uint8Array(publicKey),
        chains,
        features: ['solana:signTransaction'],
        label: 'Approval Test Wallet',
        icon,
      });
      const listeners = new Set<(p: unknown) => void>();
      let accounts: (typeof account)[] = [];
      const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const wallet = {
        version: '1.0.0',
        name: 'Approval Test Wallet',
        icon,
        chains,
        get accounts() {
          return accounts;
        },
        features: {
          'standard:connect': {
            version: '1.0.0',
            connect: async () => {
              if (!(await w.__approvalWalletConnect())) throw new Error('User rejected the request.');
              accounts = [account];
              listeners.forEach((l) => l({ accounts }));
              return { accounts };
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            disconnect: async () => {
              accounts = [];
              listeners.forEach((l) => l({ accounts }));
            },
          },
          'standard:events': {
            version: '1.0.0',
            on: (_e: string, l: (p: unknown) => void) => {
              listeners.add(l);
              return () => listeners.delete(l);
            },
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
              const signed = (await w.__approvalWalletSign(inputs.map((i) => Array.from(i.transaction)))) as number[][];
              return signed.map((b) => ({ signedTransaction: new Uint8Array(b) }));
            },
          },
        },
      };
      const register = ({ register: r }: { register: (x: unknown) => void }) => r(wallet);
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: register }));
      window.addEventListener('wallet-standard:app-ready', (e) => register((e as CustomEvent).detail));
    },
    { address: keypair.publicKey.toBase58(), publicKey: Array.from(keypair.publicKey.toBytes()) },
  );
  return log;
}
