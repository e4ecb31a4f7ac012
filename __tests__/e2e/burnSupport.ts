// Helpers for the burn e2e tests: a Wallet Standard wallet whose key stays in Node and that counts approvals
// (`solana:signTransaction` gets every transaction of one approval in one call), and chain reads for exact lamports.
import crypto from 'crypto';
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { BrowserContext, Page } from 'playwright-core';
export { networkFee } from '../support/networkFee';

export interface BurnWalletControl {
  /** false = the user rejects this approval. */
  approve: (count: number) => boolean | Promise<boolean>;
  /** After approval n (0-based) is signed, before the page gets it back. */
  afterSign?: (n: number) => Promise<void>;
  /** With `messages`: false = the user rejects this message signature (may wait first). */
  approveMessage?: (text: string) => boolean | Promise<boolean>;
}

export interface BurnWallet {
  keypair: Keypair;
  name: string;
  /** One entry per approval: the signed transactions. */
  approvals: Transaction[][];
  /** With `messages`: every message the user was asked to sign, and whether it was signed. */
  messages: { text: string; signed: boolean }[];
  control: BurnWalletControl;
}

export async function installBurnWallet(
  context: BrowserContext,
  name = 'Burn Test Wallet',
  opts: { messages?: boolean } = {},
): Promise<BurnWallet> {
  const keypair = Keypair.generate();
  const wallet: BurnWallet = { keypair, name, approvals: [], messages: [], control: { approve: () => true } };
  // Ed25519 message signatures with the same key (Node's crypto takes the 32-byte seed as PKCS#8).
  const pkcs8 = crypto.createPrivateKey({
    format: 'der',
    type: 'pkcs8',
    key: Buffer.concat([
      Buffer.from('302e020100300506032b657004220420', 'hex'),
      Buffer.from(keypair.secretKey.subarray(0, 32)),
    ]),
  });
  await context.exposeFunction('__burnWalletSignMessage', async (bytes: number[]) => {
    const text = Buffer.from(bytes).toString('utf8');
    const signed = (await wallet.control.approveMessage?.(text)) ?? true;
    wallet.messages.push({ text, signed });
    if (!signed) throw new Error('User rejected the request.');
    return Array.from(crypto.sign(null, Buffer.from(bytes), pkcs8));
  });
  await context.exposeFunction('__burnWalletSign', async (txs: number[][]) => {
    if (!(await wallet.control.approve(txs.length))) throw new Error('User rejected the request.');
    const signed = txs.map((bytes) => {
      const tx = VersionedTransaction.deserialize(Uint8Array.from(bytes));
      tx.sign([keypair]);
      return Buffer.from(tx.serialize());
    });
    wallet.approvals.push(signed.map((b) => Transaction.from(b)));
    await wallet.control.afterSign?.(wallet.approvals.length - 1);
    return signed.map((b) => Array.from(b));
  });
  await context.addInitScript(
    ({ address, publicKey, name, messages }) => {
      const chains = ['solana:localnet', 'solana:devnet', 'solana:mainnet'];
      const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#f60"/></svg>')}`;
      const account = Object.freeze({
        address,
        publicKey: new Uint8Array(publicKey),
        chains,
        features: messages ? ['solana:signTransaction', 'solana:signMessage'] : ['solana:signTransaction'],
        label: name,
        icon,
      });
      const listeners = new Set<(p: unknown) => void>();
      let accounts: (typeof account)[] = [];
      const emit = () => listeners.forEach((l) => l({ accounts }));
      const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
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
            connect: async () => {
              accounts = [account];
              emit();
              return { accounts };
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            disconnect: async () => {
              accounts = [];
              emit();
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
              const signed = (await w.__burnWalletSign(inputs.map((i) => Array.from(i.transaction)))) as number[][];
              return signed.map((b) => ({ signedTransaction: new Uint8Array(b) }));
            },
          },
          ...(messages
            ? {
                'solana:signMessage': {
                  version: '1.0.0',
                  signMessage: async (...inputs: { message: Uint8Array }[]) =>
                    Promise.all(
                      inputs.map(async (i) => ({
                        signedMessage: i.message,
                        signature: new Uint8Array((await w.__burnWalletSignMessage(Array.from(i.message))) as number[]),
                      })),
                    ),
                },
              }
            : {}),
        },
      };
      const register = ({ register: r }: { register: (x: unknown) => void }) => r(wallet);
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: register }));
      window.addEventListener('wallet-standard:app-ready', (e) => register((e as CustomEvent).detail));
    },
    {
      address: keypair.publicKey.toBase58(),
      publicKey: Array.from(keypair.publicKey.toBytes()),
      name,
      messages: !!opts.messages,
    },
  );
  return wallet;
}

/** Opens the page and connects the wallet through the modal; resolves once the token list has loaded. */
export async function openAndConnect(page: Page, url: string, wallet: BurnWallet): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  await page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: new RegExp(wallet.name) })
    .click();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('token-card').first().waitFor({ timeout: 30_000 });
}

export interface ReviewFigures {
  rent: number;
  serviceFee: number;
  networkFee: number;
  solChange: number;
  /** The owner's change as the chain's simulation answered it. */
  simulated: number;
  destroyed: number;
}

/**
 * The review step before a burn: reads its figures (exact lamports in data attributes), then confirms (answering the
 * value question too, when asked) or cancels.
 */
export async function answerReview(page: Page, confirm = true): Promise<ReviewFigures> {
  const dialog = page.getByTestId('review-dialog');
  await dialog.waitFor({ timeout: 60_000 });
  const lamports = async (id: string) => Number(await dialog.getByTestId(id).getAttribute('data-lamports'));
  const destroyed = dialog.getByTestId('review-destroyed');
  const figures = {
    rent: await lamports('review-rent'),
    serviceFee: await lamports('review-service-fee'),
    networkFee: await lamports('review-network-fee'),
    solChange: await lamports('review-sol-change'),
    simulated: Number(await dialog.getByTestId('review-simulated-agrees').getAttribute('data-lamports')),
    destroyed: (await destroyed.count()) ? Number(await destroyed.getAttribute('data-count')) : 0,
  };
  // Confirming says yes to everything the review asks: when the burn includes tokens worth more than their rent
  // (PRODUCT difference 14), the second question too. value.test.ts checks that question itself.
  const valueQuestion = dialog.getByTestId('value-ack');
  if (confirm && (await valueQuestion.count())) await valueQuestion.check();
  await dialog.getByRole('button', { name: confirm ? 'Confirm and sign' : 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return figures;
}
