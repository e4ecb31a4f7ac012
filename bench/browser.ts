// The page in Chromium on a `large` wallet: how long from connect until the three lists are rendered, how many HTTP
// requests the page made and how many upstream calls the server made for it; then the wallet approvals the page asks
// for to close 200 vacant accounts, burn 50 tokens and burn 20 NFTs (the wallet counts one approval per
// `solana:signTransaction` call, however many transactions it carries).
import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import type { Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../src/common/addresses';
import { SELECTION, ASSETS } from '../src/common/texts';
import { isBurnable } from '../src/features/tokens/tokenModel';
import { installBurnWallet, openAndConnect, type BurnWallet } from '../__tests__/e2e/burnSupport';
import { launchBrowser, newContext } from '../__tests__/e2e/support/browser';
import { type Bench, fund, lamportsOf } from './support';

const SECTIONS = ['tokens-section', 'nfts-section', 'cnfts-section'] as const;
const WALLET_NAME = 'Bench Wallet';
/** Screenshots of a failed step (gitignored). */
const SHOTS = path.join(__dirname, '..', '.tmp', 'bench');

export interface LoadResult {
  assets: { tokens: number; nfts: number; cnfts: number; total: number };
  connectToListsMs: number;
  pageRequests: { total: number; api: number; rpc: number; other: number; byPath: Record<string, number> };
  upstream: { requests: number; fromPageRpc: number; serverOwn: number; methods: Record<string, number>; perHundredAssets: number };
}
export interface ApprovalRow { what: string; count: number; approvals: number; transactions: number; perTransaction: number[]; done: boolean }
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, ms: number, tick?: () => Promise<void>): Promise<void> {
  for (const end = Date.now() + ms; ; await sleep(100)) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await tick?.();
  }
}

const sectionCount = async (page: Page, id: string) => {
  const el = page.getByTestId(`${id}-count`);
  return (await el.count()) ? Number(await el.first().textContent()) : 0;
};
const sectionLoading = async (page: Page, id: string) => (await page.getByTestId(id).getByText(ASSETS.loading).count()) > 0;

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
    'tokens-section': manifest.tokens.filter((t: any) => isBurnable({ balance: t.amount, decimals: t.decimals })).length,
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
  const modalButton = page.locator('.wallet-adapter-modal-wrapper').getByRole('button', { name: new RegExp(WALLET_NAME) });
  await modalButton.waitFor();
  requests.length = 0;
  b.upstream.reset();
  const t0 = performance.now();
  await modalButton.click();
  await until('the three lists', () => listsRendered(page, expected), 240_000);
  const connectToListsMs = performance.now() - t0;
  await until('the page to go quiet', async () => Date.now() - lastRequest > 1_500, 60_000);
  page.removeAllListeners('request');
  const up = b.upstream.snapshot();

  const byPath: Record<string, number> = {};
  for (const u of requests) byPath[pathKey(u)] = (byPath[pathKey(u)] ?? 0) + 1;
  const api = requests.filter((u) => new URL(u).pathname.startsWith('/api/'));
  const rpc = api.filter((u) => new URL(u).pathname === '/api/rpc').length;
  const total = expected['tokens-section'] + expected['nfts-section'] + expected['cnfts-section'];
  void wallet;
  return {
    assets: { tokens: expected['tokens-section'], nfts: expected['nfts-section'], cnfts: expected['cnfts-section'], total },
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

/** Approvals since `from`, and per transaction the instructions that do the work (`unit` picks them). */
function approvalsSince(wallet: BurnWallet, from: number, unit: (ix: Transaction['instructions'][number]) => boolean) {
  const approvals = wallet.approvals.slice(from);
  const perTransaction = approvals.flat().map((tx) => tx.instructions.filter(unit).length);
  return { approvals: approvals.length, transactions: approvals.flat().length, perTransaction };
}
const isTokenIx = (ix: Transaction['instructions'][number], code: number) =>
  [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(ix.programId.toBase58()) && ix.data[0] === code;
const CLOSE = 9;
const BURN_CHECKED = 15;

const allClosed = async (b: Bench, accounts: string[]) => (await lamportsOf(b, accounts)).every((l) => l === 0);

async function closeVacant(b: Bench, page: Page, wallet: BurnWallet, manifest: any): Promise<ApprovalRow> {
  const accounts: string[] = manifest.emptyAccounts.map((a: any) => a.account);
  const from = wallet.approvals.length;
  await until('the vacant banner', async () => page.getByTestId('vacant-banner').isVisible(), 120_000, async () => {
    if (await page.getByTestId('rent-retry').isVisible()) await page.getByTestId('rent-retry').click();
  });
  await page.getByTestId('vacant-recover').click();
  await until('200 closes on chain', () => allClosed(b, accounts), 180_000);
  const a = approvalsSince(wallet, from, (ix) => isTokenIx(ix, CLOSE));
  return { what: `close ${accounts.length} vacant accounts`, count: accounts.length, ...a, done: true };
}

/** Selects cards in a virtualised grid: presses the ones on screen, scrolls on, until `n` are chosen. */
async function selectCards(page: Page, section: string, card: string, n: number, allowed: Set<string>, select: (mint: string) => Promise<void>) {
  const chosen: string[] = [];
  const grid = page.getByTestId(section).getByRole('list');
  for (let scrolls = 0; chosen.length < n; scrolls++) {
    if (scrolls > 200) throw new Error(`could only select ${chosen.length} of ${n} in ${section}`);
    const mints = await grid.locator(`[data-testid=${card}]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-mint')!));
    for (const mint of mints) {
      if (chosen.length >= n || chosen.includes(mint) || !allowed.has(mint)) continue;
      await select(mint);
      chosen.push(mint);
    }
    await grid.evaluate((el) => el.scrollBy({ top: el.clientHeight }));
    await sleep(150);
  }
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  return chosen;
}

async function burnTokens(b: Bench, page: Page, wallet: BurnWallet, manifest: any, n: number): Promise<ApprovalRow> {
  const byMint = new Map<string, any>(manifest.tokens.filter((t: any) => isBurnable({ balance: t.amount, decimals: t.decimals })).map((t: any) => [t.mint, t]));
  const mints = await selectCards(page, 'tokens-section', 'token-card', n, new Set(byMint.keys()), async (mint) => {
    const el = page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);
    for (let i = 0; (await el.getAttribute('aria-pressed')) !== 'true'; i++) {
      if (i > 3) throw new Error(`could not select token ${mint}`);
      await el.press('Enter');
    }
  });
  await until(`${n} selected`, async () => ((await page.getByTestId('selected-count').textContent()) ?? '').includes(String(n)), 20_000);
  const from = wallet.approvals.length;
  await page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  const accounts = mints.map((m) => byMint.get(m).account);
  await until(`${n} token burns on chain`, () => allClosed(b, accounts), 180_000);
  const a = approvalsSince(wallet, from, (ix) => isTokenIx(ix, BURN_CHECKED));
  return { what: `burn ${n} tokens`, count: n, ...a, done: true };
}

/** NFTs: the page sends at most 10 per action (spec §5's batch limit, enforced by the server too), so 20 take two. */
async function burnNfts(b: Bench, page: Page, wallet: BurnWallet, manifest: any, n: number): Promise<ApprovalRow> {
  const byMint = new Map<string, any>(manifest.nfts.map((x: any) => [x.mint, x]));
  const from = wallet.approvals.length;
  const burned = new Set<string>();
  for (let done = 0; done < n; ) {
    const batch = Math.min(10, n - done);
    const allowed = new Set([...byMint.keys()].filter((m) => !burned.has(m)));
    const mints = await selectCards(page, 'nfts-section', 'nft-card', batch, allowed, async (mint) => {
      await page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`).getByRole('checkbox').check();
    });
    await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
    await until(`${batch} NFT burns on chain`, () => allClosed(b, mints.map((m) => byMint.get(m).tokenAccount)), 180_000);
    mints.forEach((m) => burned.add(m));
    done += batch;
    await until('the selection to clear', async () => ((await page.getByTestId('selected-count').textContent()) ?? '').includes('0'), 20_000);
  }
  const a = approvalsSince(wallet, from, (ix) => ix.programId.toBase58() === TOKEN_METADATA_PROGRAM);
  return { what: `burn ${n} NFTs`, count: n, ...a, done: true };
}

export async function measureBrowser(b: Bench, log: (s: string) => void): Promise<BrowserResult> {
  const browser: Browser = await launchBrowser();
  try {
    fs.mkdirSync(SHOTS, { recursive: true });
    const open = async (profile: 'demo' | 'large') => {
      const context = await newContext(browser);
      // tsx (esbuild keepNames) wraps functions in __name(); the wallet's page half is serialised, so define it there.
      await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
      const wallet = await installBurnWallet(context, WALLET_NAME);
      const { manifest, ms } = await fund(b, wallet.keypair.publicKey.toBase58(), profile);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) }).catch(() => undefined);
      const load = await measureLoad(b, page, wallet, manifest).catch(async (err) => {
        await shot(`load-failed-${profile}`);
        throw err;
      });
      log(`browser: ${profile}: ${load.assets.total} assets listed in ${Math.round(load.connectToListsMs)} ms, ${load.pageRequests.api} /api requests, ${load.upstream.serverOwn} upstream calls`);
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
    // The vacant flow reloads the page; connect again (auto-connect or the modal) and wait for the lists.
    await step('burn 50 tokens', async () => {
      await reopen(b, page, wallet);
      return burnTokens(b, page, wallet, manifest, 50);
    });
    await step('burn 20 NFTs', () => burnNfts(b, page, wallet, manifest, 20));
    return { fundMs, small: demo.load, load, upstreamPerHundredExtraAssets, approvals };
  } finally {
    await browser.close();
  }
}

async function reopen(b: Bench, page: Page, wallet: BurnWallet) {
  await page.waitForLoadState('load');
  await sleep(1_000);
  if (!(await page.getByTestId('assets-screen').isVisible())) await openAndConnect(page, b.url, wallet);
  await until('tokens listed', async () => !(await sectionLoading(page, 'tokens-section')) && (await sectionCount(page, 'tokens-section')) > 0, 180_000);
  await until('NFTs listed', async () => !(await sectionLoading(page, 'nfts-section')) && (await sectionCount(page, 'nfts-section')) > 0, 180_000);
}
