// The page in Chromium on a `large` wallet: how long from connect until the three lists are rendered, how many HTTP
// requests the page made and how many upstream calls the server made for it; then the wallet approvals the page asks
// for to close 200 vacant accounts, burn 50 tokens and burn 20 NFTs (the wallet counts one approval per
// `solana:signTransaction` call, however many transactions it carries).
import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { isBurnable } from '../src/features/assets/tokens/tokenModel';
import { installBurnWallet, type BurnWallet } from '../__tests__/e2e/burnSupport';
import { launchBrowser } from '../__tests__/e2e/support/browser';
import { until } from '../__tests__/support/until';
import { sectionCount, sectionLoading } from './page';
import { type ApprovalRow, burnNfts, burnTokens, closeVacant, listsReady } from './approvals';
import type { WalletGuard } from '../__tests__/e2e/support/testWallet';
import { GUARDS } from '../__tests__/e2e/support/walletGuards';
import { type Bench, fund } from './support';

const SECTIONS = ['tokens-section', 'nfts-section', 'cnfts-section'] as const;
const WALLET_NAME = 'Bench Wallet';
/** Screenshots of a failed step (gitignored). */
const SHOTS = path.join(__dirname, '..', '.tmp', 'bench');

export interface LoadResult {
  assets: { tokens: number; nfts: number; cnfts: number; total: number };
  connectToListsMs: number;
  pageRequests: { total: number; api: number; rpc: number; other: number; byPath: Record<string, number> };
  upstream: {
    requests: number;
    fromPageRpc: number;
    serverOwn: number;
    methods: Record<string, number>;
    perHundredAssets: number;
  };
}
export type { ApprovalRow };
export interface BrowserResult {
  fundMs: number;
  /** The same load on a `demo` wallet: with the large one it gives how upstream calls grow per 100 extra assets. */
  small: LoadResult;
  load: LoadResult;
  /** (large − demo server-own upstream calls) per 100 extra assets; one call per asset would be 100. */
  upstreamPerHundredExtraAssets: number;
  approvals: ApprovalRow[];
}

const pathKey = (url: string) => new URL(url).pathname.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, '/:id');
async function listsRendered(page: Page, expected: Record<(typeof SECTIONS)[number], number>): Promise<boolean> {
  for (const id of SECTIONS) {
    if (await sectionLoading(page, id)) return false;
    if ((await sectionCount(page, id)) < expected[id]) return false;
  }
  return true;
}

/** Connect → the three lists show every asset; then the page goes quiet (no request for 1.5 s). */
async function measureLoad(b: Bench, page: Page, wallet: BurnWallet, manifest: any): Promise<LoadResult> {
  const expected = {
    'tokens-section': manifest.tokens.filter((t: any) => isBurnable({ balance: t.amount, decimals: t.decimals }))
      .length,
    'nfts-section': manifest.nfts.length,
    'cnfts-section': manifest.cnfts.length,
  };
  const requests: string[] = [];
  let lastRequest = Date.now();
  page.on('request', (r) => {
    requests.push(r.url());
    lastRequest = Date.now();
  });
  await page.goto(b.url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  const modalButton = page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: new RegExp(WALLET_NAME) });
  await modalButton.waitFor();
  requests.length = 0;
  b.upstream.reset();
  const t0 = performance.now();
  await modalButton.click();
  await until(() => listsRendered(page, expected), 240_000, 'the three lists');
  const connectToListsMs = performance.now() - t0;
  await until(async () => Date.now() - lastRequest > 1_500, 60_000, 'the page to go quiet');
  page.removeAllListeners('request');
  const up = b.upstream.snapshot();

  const byPath: Record<string, number> = {};
  for (const u of requests) byPath[pathKey(u)] = (byPath[pathKey(u)] ?? 0) + 1;
  const api = requests.filter((u) => new URL(u).pathname.startsWith('/api/'));
  const rpc = api.filter((u) => new URL(u).pathname === '/api/rpc').length;
  const total = expected['tokens-section'] + expected['nfts-section'] + expected['cnfts-section'];
  void wallet;
  return {
    assets: {
      tokens: expected['tokens-section'],
      nfts: expected['nfts-section'],
      cnfts: expected['cnfts-section'],
      total,
    },
    connectToListsMs,
    pageRequests: { total: requests.length, api: api.length, rpc, other: requests.length - api.length, byPath },
    upstream: {
      requests: up.requests,
      fromPageRpc: rpc,
      serverOwn: up.requests - rpc,
      methods: up.methods,
      perHundredAssets: ((up.requests - rpc) / total) * 100,
    },
  };
}

export async function measureBrowser(b: Bench, log: (s: string) => void): Promise<BrowserResult> {
  const browser: Browser = await launchBrowser();
  try {
    fs.mkdirSync(SHOTS, { recursive: true });
    const open = async (profile: 'demo' | 'large', guard?: WalletGuard) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // tsx (esbuild keepNames) wraps functions in __name(); the wallet's page half is serialised, so define it there.
      await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
      const wallet = await installBurnWallet(context, WALLET_NAME, { guard });
      const { manifest, ms } = await fund(b, wallet.keypair.publicKey.toBase58(), profile);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) }).catch(() => undefined);
      const load = await measureLoad(b, page, wallet, manifest).catch(async (err) => {
        await shot(`load-failed-${profile}`);
        throw err;
      });
      log(
        `browser: ${profile}: ${load.assets.total} assets listed in ${Math.round(load.connectToListsMs)} ms, ${load.pageRequests.api} /api requests, ${load.upstream.serverOwn} upstream calls`,
      );
      return { context, wallet, manifest, fundMs: ms, page, shot, load };
    };
    const demo = await open('demo');
    await demo.context.close();
    const { wallet, manifest, fundMs, page, shot, load } = await open('large');
    const upstreamPerHundredExtraAssets =
      ((load.upstream.serverOwn - demo.load.upstream.serverOwn) / (load.assets.total - demo.load.assets.total)) * 100;
    const approvals: ApprovalRow[] = [];
    const step = async (what: string, run: () => Promise<ApprovalRow>) => {
      try {
        approvals.push(await run());
        log(`browser: ${what}: ${JSON.stringify(approvals[approvals.length - 1])}`);
      } catch (err) {
        log(`browser: ${what} failed: ${(err as Error).message}`);
        await shot(what.replace(/\W+/g, '-'));
        approvals.push({ what, count: 0, approvals: 0, transactions: 0, perTransaction: [], done: false });
      }
    };
    await step('close 200 vacant accounts', () => closeVacant(b, page, wallet, manifest));
    await step('burn 50 tokens', async () => {
      await listsReady(page);
      return burnTokens(b, page, wallet, manifest, 50);
    });
    await step('burn 20 NFTs', () => burnNfts(b, page, wallet, manifest, 20));
    // The same 200 closes with a wallet that refuses every request of 2 or more transactions: it must finish.
    const refusing = await open('large', GUARDS.batchRefusing);
    await step('close 200 vacant accounts, batch-refusing wallet', () =>
      closeVacant(b, refusing.page, refusing.wallet, refusing.manifest),
    );
    await refusing.context.close();
    return { fundMs, small: demo.load, load, upstreamPerHundredExtraAssets, approvals };
  } finally {
    await browser.close();
  }
}
