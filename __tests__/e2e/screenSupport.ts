// The harness of the screen suites (assetsScreen.test.ts, cnftOutcomes.test.ts): one SolBack server on the local chain and one
// Chromium per file, sessions at desktop or 390×844 with a wallet whose key stays in Node, screenshots under
// .tmp/e2e-screen/, and chain reads for exact lamports and for a cNFT leaf as the tree account holds it.
import fs from 'fs';
import path from 'path';
import bs58 from 'bs58';
import { hash } from '@metaplex-foundation/mpl-bubblegum';
import { type Connection, PublicKey, type Transaction, VersionedTransaction } from '@solana/web3.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { leafHash } from '../../backend/localnet/metaplex/leaf';
import { BUBBLEGUM_PROGRAM } from '../../src/common/addresses';
import { treeRootFromAccount } from '../../src/chain/cnftTransactions';
import { watchErrors } from './support/browser';
import { ROOT } from './support/buildBundle';
import { lamportsOf } from '../support/lamports';
import type { TestServer } from './support/server';
import { type BurnWallet, installBurnWallet } from './burnSupport';
import { browserSuite, type ViewportName } from './support/suite';
export type { ViewportName };

export const SHOTS = path.join(ROOT, '.tmp', 'e2e-screen');
export { VIEWPORTS, VIEWPORT_NAMES } from './support/suite';

export interface ScreenHarness {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly connection: Connection;
  post(route: string, body: unknown): Promise<any>;
  lamportsOf(addresses: string[]): Promise<number[]>;
  balance(w: BurnWallet): Promise<number>;
  shot(page: Page, name: string): Promise<Buffer>;
  newPage(viewport: ViewportName, opts?: { reducedMotion?: 'reduce' | 'no-preference' }): Promise<BrowserContext>;
  connect(page: Page, wallet: { name: string }): Promise<void>;
  session(
    viewport: ViewportName,
    profile?: 'demo' | 'large' | null,
    opts?: { reducedMotion?: 'reduce'; messages?: boolean },
  ): Promise<{
    context: BrowserContext;
    page: Page;
    wallet: BurnWallet;
    owner: string;
    manifest: any;
    errors: string[];
  }>;
  /** DAS getAsset's owner and delegate of a cNFT. */
  assetOf(id: string): Promise<{ owner: string; delegate: string | null; burnt: boolean }>;
  /** Whether the tree account's current root is the one a V1 leaf with this owner and delegate hashes to. */
  leafOnChain(id: string, owner: string, delegate: string): Promise<boolean>;
}

export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

/** Registers beforeAll/afterAll/afterEach in the calling test file and returns the harness they fill. */
export function screenHarness(): ScreenHarness {
  const suite = browserSuite({}, async (s) => {
    await s.post('localnet/fund', { owner: s.server.app.config.feeWallet });
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  const h: ScreenHarness = {
    get server() {
      return suite.server;
    },
    get browser() {
      return suite.browser;
    },
    get connection() {
      return suite.connection;
    },
    post: suite.post,
    lamportsOf: (addresses) => lamportsOf(suite.connection, addresses),
    balance: (w) => suite.connection.getBalance(w.keypair.publicKey),
    shot: (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false }),
    newPage: (viewport, opts = {}) => suite.newContext({ viewport, reducedMotion: opts.reducedMotion }),
    connect: suite.connect,
    async session(viewport, profile = 'demo', opts = {}) {
      const context = await h.newPage(viewport, opts);
      const wallet = await installBurnWallet(context, 'Burn Test Wallet', { messages: opts.messages });
      const owner = wallet.keypair.publicKey.toBase58();
      const manifest = profile ? (await h.post('localnet/fund', { owner, profile })).manifest : null;
      const page = await context.newPage();
      const errors = watchErrors(page);
      await h.connect(page, wallet);
      return { context, page, wallet, owner, manifest, errors };
    },
    async assetOf(id) {
      const a = await suite.server.app.das.call<any>('getAsset', { id });
      return {
        owner: a.ownership.owner as string,
        delegate: (a.ownership.delegate ?? null) as string | null,
        burnt: !!a.burnt,
      };
    },
    async leafOnChain(id, owner, delegate) {
      const a = await suite.server.app.das.call<any>('getAsset', { id });
      const proof = await suite.server.app.das.call<any>('getAssetProof', { id });
      const index = a.compression.leaf_id as number;
      let node: Uint8Array = leafHash({
        id,
        owner,
        delegate,
        nonce: index,
        dataHash: bs58.decode(a.compression.data_hash),
        creatorHash: bs58.decode(a.compression.creator_hash),
      });
      (proof.proof as string[]).forEach((sibling, level) => {
        const s = bs58.decode(sibling);
        node = (index >> level) & 1 ? hash([s, node]) : hash([node, s]);
      });
      const tree = await suite.connection.getAccountInfo(new PublicKey(a.compression.tree), 'confirmed');
      return Buffer.from(treeRootFromAccount(tree!.data)).equals(Buffer.from(node));
    },
  };
  return h;
}

// ---- cNFT helpers (cnftOutcomes.test.ts) ----

export const card = (page: Page, id: string) => page.locator(`[data-testid="cnft-card"][data-mint="${id}"]`);
/** The demo's V1 cNFTs not delegated at funding. */
export const plainCnfts = (manifest: any): { assetId: string; name: string }[] =>
  manifest.cnfts.filter((c: any) => !c.delegate);

/** The new leaf delegate of every Bubblegum delegate instruction in these transactions (account 3, delegate.rs). */
export const newDelegates = (txs: Transaction[]): string[] =>
  txs.flatMap((tx) =>
    tx.instructions
      .filter((ix) => ix.programId.toBase58() === BUBBLEGUM_PROGRAM)
      .map((ix) => ix.keys[3].pubkey.toBase58()),
  );

/**
 * Holds the queue worker's second distinct transfer (fee payer: the server delegate) at the local chain's send until
 * `release()`, through the chain's one-shot send hook, re-armed on every send. `sends`: the worker's signatures.
 */
export function holdSecondWorkerSend(h: ScreenHarness) {
  const faults = h.server.app.localnet!.faults;
  const delegate = h.server.app.delegate!.publicKey.toBase58();
  const sends = new Set<string>();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let armed = true;
  const hook = async (raw: Uint8Array) => {
    if (armed) faults.onNextSend(hook);
    const tx = VersionedTransaction.deserialize(raw);
    if (tx.message.staticAccountKeys[0].toBase58() !== delegate) return;
    const sig = bs58.encode(tx.signatures[0]);
    sends.add(sig);
    if ([...sends].indexOf(sig) === 1) await held;
  };
  faults.onNextSend(hook);
  return {
    sends,
    release: () => release(),
    stop() {
      armed = false;
      release();
      faults.reset();
    },
  };
}
