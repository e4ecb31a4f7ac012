// The one Wallet Standard test wallet for browser tests, with a chosen feature set (WALLET_KINDS: send-only,
// Phantom-like, sign-only, sign-in capable, without signMessage). The page half is a plain init script (no
// bundling); the key stays in Node and the page reaches it through exposed functions. Every wallet call is ONE
// approval however many transactions it carries (`approvals`, with the feature it used); a sign-and-send call signs
// and sends every transaction itself, to the test server's chain. Lists as "Detected" in the wallet modal. A wallet
// may run its own guard before the user sees a request (`guard`, support/walletGuards.ts): refuse it outright, or
// change what it signs and sends, as Phantom does.
import crypto from 'crypto';
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js';
import { createSignInMessageText, type SolanaSignInInputWithRequiredFields } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import type { BrowserContext } from 'playwright-core';

export type WalletFeature =
  | 'solana:signTransaction'
  | 'solana:signAndSendTransaction'
  | 'solana:signAndSendAllTransactions'
  | 'solana:signMessage'
  | 'solana:signIn';

/** The kinds of wallet people have (PRODUCT, "Which request your wallet sees"). */
export const WALLET_KINDS = {
  /** Embedded and mobile wallets: they send what they sign. */
  sendOnly: ['solana:signAndSendTransaction', 'solana:signMessage'],
  /** The Phantom extension: both kinds of request. */
  phantomLike: ['solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signMessage'],
  /** Older wallets: sign-only. */
  signOnly: ['solana:signTransaction', 'solana:signMessage'],
  /** Sign In With Solana on top of sending. */
  signIn: ['solana:signAndSendTransaction', 'solana:signMessage', 'solana:signIn'],
  /** Many hardware-wallet set-ups: transactions only. */
  noSignMessage: ['solana:signTransaction'],
  /** Phantom today: both kinds of request, and several transactions sent with per-transaction results. */
  phantomAll: [
    'solana:signTransaction',
    'solana:signAndSendTransaction',
    'solana:signAndSendAllTransactions',
    'solana:signMessage',
  ],
} as const satisfies Record<string, readonly WalletFeature[]>;

export type WalletOp =
  'connect' | 'signTransaction' | 'signAndSendTransaction' | 'signAndSendAllTransactions' | 'signMessage' | 'signIn';
export interface WalletLogEntry {
  op: WalletOp;
  /** Which approval (index into `approvals`) this entry belongs to. */
  approval?: number;
  silent?: boolean;
  tx?: VersionedTransaction;
  chain?: string;
  message?: Buffer;
  sig?: Buffer;
}
export interface WalletApproval {
  op: Exclude<WalletOp, 'connect'>;
  /** How many transactions (or messages) this one approval carried. */
  count: number;
}
export interface TestWalletOptions {
  keypair?: Keypair;
  name?: string;
  chains?: string[];
  /** The wallet's features (default: WALLET_KINDS.signOnly). */
  features?: readonly WalletFeature[];
  /** Where a sign-and-send wallet sends (the test server's `/api/rpc`); required with that feature. */
  rpcUrl?: string;
  /** Decides each request (`count`: its transactions or messages); return false to reject it as the user would. */
  approve?: (op: WalletOp, detail: unknown, count: number) => boolean | Promise<boolean>;
  /**
   * After approval `n` (index into `approvals`) signed its transactions, before the page gets them back (and, for
   * sign-and-send, before they are sent): a test can hold the wallet's answer or look at what it signed.
   */
  afterApproval?: (n: number, op: WalletApproval['op'], signed: VersionedTransaction[]) => Promise<void>;
  /** false: drop `solana:signMessage` from the features (many hardware-wallet set-ups). */
  signMessage?: boolean;
  /** The wallet's own guard, run before the user is asked (support/walletGuards.ts). */
  guard?: WalletGuard;
}
/** What a wallet's security layer does between the page's request and the user (support/walletGuards.ts). */
export interface WalletGuard {
  /** A refusal of the whole request (nothing is signed, the user never sees it), or undefined to go on. */
  refuse?: (op: WalletApproval['op'], count: number) => string | undefined;
  /** What the wallet signs and sends in place of `tx` (sign-and-send only); throws to fail the request. */
  rewrite?: (tx: VersionedTransaction) => VersionedTransaction;
}
export interface TestWallet {
  keypair: Keypair;
  name: string;
  features: readonly WalletFeature[];
  /** One entry per transaction or message (and per connect). */
  log: WalletLogEntry[];
  /** One entry per approval the user gave, with the feature it came through. */
  approvals: WalletApproval[];
  /** Requests the wallet's own guard refused before the user saw them (with its message). */
  refused: (WalletApproval & { message: string })[];
}

interface PageWalletArgs {
  name: string;
  address: string;
  publicKey: number[];
  chains: string[];
  features: readonly WalletFeature[];
}

// Runs in the page (serialised by Playwright): must not refer to anything outside its own body.
function pageWallet({ name, address, publicKey, chains, features }: PageWalletArgs): void {
  const w = window as unknown as Record<string, (...a: unknown[]) => Promise<any>>;
  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#0a0"/></svg>',
    );
  const account = Object.freeze({ address, publicKey: new Uint8Array(publicKey), chains, features, label: name, icon });
  const listeners = new Set<(p: unknown) => void>();
  let accounts: unknown[] = [];
  const setAccounts = (a: unknown[]) => {
    accounts = a;
    listeners.forEach((l) => l({ accounts }));
  };
  const bytes = (a: number[]) => new Uint8Array(a);
  type In = { transaction: Uint8Array; chain?: string; message: Uint8Array };
  const all: Record<string, unknown> = {
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
    // Several inputs = several transactions in ONE approval.
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...ins: In[]) =>
        ((await w.__e2eWalletSignTx(ins.map((i) => Array.from(i.transaction)))) as number[][]).map((t) => ({
          signedTransaction: bytes(t),
        })),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...ins: In[]) =>
        (
          (await w.__e2eWalletSignAndSend(
            ins.map((i) => Array.from(i.transaction)),
            ins[0]?.chain,
          )) as number[][]
        ).map((s) => ({ signature: bytes(s) })),
    },
    // The Wallet Standard's per-transaction answer: a settled result each, in order.
    'solana:signAndSendAllTransactions': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendAllTransactions: async (ins: In[], options: { mode?: string } = {}) =>
        (
          (await w.__e2eWalletSignAndSendAll(
            ins.map((i) => Array.from(i.transaction)),
            ins[0]?.chain,
            options.mode ?? 'parallel',
          )) as ({ signature: number[] } | { error: string })[]
        ).map((r) =>
          'signature' in r
            ? { status: 'fulfilled', value: { signature: bytes(r.signature) } }
            : { status: 'rejected', reason: new Error(r.error) },
        ),
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...ins: In[]) =>
        Promise.all(
          ins.map(async (i) => ({
            signedMessage: i.message,
            signature: bytes(await w.__e2eWalletSignMsg(Array.from(i.message))),
          })),
        ),
    },
    'solana:signIn': {
      version: '1.0.0',
      signIn: async (...ins: Record<string, unknown>[]) =>
        Promise.all(
          ins.map(async (input) => {
            // A wallet fills in the page's own domain; that is what the user sees checked.
            const { message, signature } = await w.__e2eWalletSignIn({ domain: location.host, ...input });
            return {
              account,
              signedMessage: bytes(message),
              signature: bytes(signature),
              signatureType: 'ed25519',
            };
          }),
        ),
    },
  };
  const wanted = new Set<string>(['standard:connect', 'standard:disconnect', 'standard:events', ...features]);
  const wallet = {
    version: '1.0.0',
    name,
    icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k))),
  };
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
    afterApproval,
    rpcUrl,
    signMessage = true,
    guard = {},
  } = options;
  const features = (options.features ?? WALLET_KINDS.signOnly).filter((f) => signMessage || f !== 'solana:signMessage');
  if (features.some((f) => f.startsWith('solana:signAndSend')) && !rpcUrl)
    throw new Error('a sign-and-send test wallet needs rpcUrl (the test server’s /api/rpc)');
  const connection = rpcUrl ? new Connection(rpcUrl, 'confirmed') : null;
  const log: WalletLogEntry[] = [];
  const approvals: WalletApproval[] = [];
  const refused: TestWallet['refused'] = [];
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
  const approval = async (op: WalletApproval['op'], count: number, detail: unknown) => {
    const refusal = guard.refuse?.(op, count);
    if (refusal) {
      refused.push({ op, count, message: refusal });
      throw new Error(refusal);
    }
    if (!(await approve(op, detail, count))) throw new Error('User rejected');
    approvals.push({ op, count });
    return approvals.length - 1;
  };
  await context.exposeFunction('__e2eWalletConnect', async (silent: boolean) => {
    log.push({ op: 'connect', silent });
    return approve('connect', { silent }, 0);
  });
  await context.exposeFunction('__e2eWalletSignTx', async (arrs: number[][]) => {
    const n = await approval('signTransaction', arrs.length, arrs.length === 1 ? arrs[0] : arrs);
    const signed = arrs.map(signTx);
    for (const tx of signed) log.push({ op: 'signTransaction', approval: n, tx });
    await afterApproval?.(n, 'signTransaction', signed);
    return signed.map((tx) => Array.from(tx.serialize()));
  });
  /** Signed as the wallet sends it: through its guard's rewrite first (which may fail the whole request). */
  const signForSending = (arrs: number[][]) =>
    arrs.map((arr) => {
      const tx = VersionedTransaction.deserialize(Uint8Array.from(arr));
      const sent = guard.rewrite ? guard.rewrite(tx) : tx;
      sent.sign([keypair]);
      return sent;
    });
  await context.exposeFunction('__e2eWalletSignAndSend', async (arrs: number[][], chain: string) => {
    const op = 'signAndSendTransaction';
    const n = await approval(op, arrs.length, arrs.length === 1 ? arrs[0] : arrs);
    const signed = signForSending(arrs);
    await afterApproval?.(n, op, signed);
    // Like a wallet: all are sent, then the signatures go back; a refused send is the wallet's error.
    for (const tx of signed) {
      log.push({ op, approval: n, tx, chain });
      await connection!.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' });
    }
    return signed.map((tx) => Array.from(tx.signatures[0]));
  });
  // One result per transaction; 'serial' sends each only after the one before it confirmed, and stops at a failure.
  await context.exposeFunction('__e2eWalletSignAndSendAll', async (arrs: number[][], chain: string, mode: string) => {
    const op = 'signAndSendAllTransactions';
    const n = await approval(op, arrs.length, arrs.length === 1 ? arrs[0] : arrs);
    const signed = signForSending(arrs);
    await afterApproval?.(n, op, signed);
    const results: ({ signature: number[] } | { error: string })[] = [];
    let failed = false;
    for (const tx of signed) {
      if (failed && mode === 'serial') {
        results.push({ error: 'Not sent: an earlier transaction of this request failed' });
        continue;
      }
      log.push({ op, approval: n, tx, chain });
      try {
        const signature = await connection!.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' });
        if (mode === 'serial') await connection!.confirmTransaction(signature, 'confirmed');
        results.push({ signature: Array.from(tx.signatures[0]) });
      } catch (err) {
        failed = true;
        results.push({ error: (err as Error).message });
      }
    }
    return results;
  });
  await context.exposeFunction('__e2eWalletSignMsg', async (arr: number[]) => {
    const n = await approval('signMessage', 1, arr);
    const sig = crypto.sign(null, Buffer.from(arr), pkcs8);
    log.push({ op: 'signMessage', approval: n, message: Buffer.from(arr), sig });
    return Array.from(sig);
  });
  await context.exposeFunction('__e2eWalletSignIn', async (input: SolanaSignInInputWithRequiredFields) => {
    const n = await approval('signIn', 1, input);
    const text = createSignInMessageText({ ...input, address: keypair.publicKey.toBase58() });
    const message = Buffer.from(text, 'utf8');
    const sig = crypto.sign(null, message, pkcs8);
    log.push({ op: 'signIn', approval: n, message, sig });
    return { message: Array.from(message), signature: Array.from(sig) };
  });
  await context.addInitScript(pageWallet, {
    name,
    address: keypair.publicKey.toBase58(),
    publicKey: Array.from(keypair.publicKey.toBytes()),
    chains,
    features,
  });
  return { keypair, name, features, log, approvals, refused };
}

/** The signatures (base58) of what one approval carried, in order. */
export const approvalSignatures = (wallet: TestWallet, approval: number): string[] =>
  wallet.log.filter((l) => l.approval === approval && l.tx).map((l) => bs58.encode(l.tx!.signatures[0]));
