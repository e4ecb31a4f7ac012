// The wallet assets screen in real Chromium (docs/PRODUCT.md#assets-screen, #selected-assets-panel, #loading): the built page served by the real app on the
// local chain, a Wallet Standard test wallet, lists compared with the fund manifest, fallbacks forced by
// intercepting one path at a time.
import { Keypair } from '@solana/web3.js';
import type { BrowserContext, Page, Route } from 'playwright-core';
import fs from 'fs';
import path from 'path';
import { formatTokenBalance } from '../../src/chain/format';
import { ASSETS, SELECTION, ASSETS_SCREEN, errorFetchingTokens, selectedCount } from '../../src/common/texts';
import { watchErrors } from './support/browser';
import { eventually } from '../support/until';
import { ROOT } from './support/buildBundle';
import type { TestServer } from './support/server';
import { browserSuite } from './support/suite';
import { installTestWallet } from './support/testWallet';

const SHOTS = path.join(ROOT, '.tmp', 'e2e-assets');

let server: TestServer;
let url: string;

const suite = browserSuite({}, async (s) => {
  server = s.server;
  url = server.url;
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function fund(owner: string, profile: 'demo' | 'large' = 'demo') {
  const res = await fetch(`${url}/api/localnet/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, profile }),
  });
  const body = (await res.json()) as { success: boolean; manifest: any };
  expect(body.success).toBe(true);
  return body.manifest;
}

interface Opened {
  page: Page;
  context: BrowserContext;
  owner: string;
  manifest: any;
  requests: string[];
  errors: string[];
  connectedAt: number;
}

async function openPage(
  opts: { profile?: 'demo' | 'large'; setup?: (c: BrowserContext, m: any) => Promise<unknown> } = {},
): Promise<Opened> {
  const keypair = Keypair.generate();
  const owner = keypair.publicKey.toBase58();
  const manifest = await fund(owner, opts.profile);
  const context = await suite.newContext();
  await installTestWallet(context, { keypair, name: 'Assets Test Wallet' });
  await opts.setup?.(context, manifest);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => {
    if (opts.profile === 'large' && r.url().includes('/api/') && !r.url().endsWith('/api/rpc'))
      console.log(
        `large: ${new URL(r.url()).pathname.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, '/:id')} answered in ${Math.round(r.timing().responseEnd)} ms`,
      );
  });
  await page.goto(url);
  await page
    .getByRole('button', { name: /select wallet|connect/i })
    .first()
    .click();
  const connectedAt = Date.now();
  await page.getByRole('button', { name: /Assets Test Wallet/ }).click();
  await page.getByTestId('assets-screen').waitFor({ timeout: 30_000 });
  return { page, context, owner, manifest, requests, errors, connectedAt };
}

/** Waits until no section shows 'Loading...'. */
async function loaded(page: Page, timeout = 60_000) {
  for (const id of ['tokens-section', 'nfts-section', 'cnfts-section']) {
    await page.getByTestId(id).getByText(ASSETS.loading).waitFor({ state: 'detached', timeout });
  }
}

const texts = (page: Page, testId: string) => page.getByTestId(testId).allTextContents();
const sorted = (xs: string[]) => [...xs].sort();

function manifestTokens(m: any): { symbol: string; name: string; balance: string }[] {
  const list = m.tokens.map((t: any) => ({
    symbol: t.symbol,
    name: t.name,
    balance: formatTokenBalance(t.amount, t.decimals),
  }));
  if (m.wrappedSol && !m.tokens.some((t: any) => t.account === m.wrappedSol.account))
    list.push({ symbol: 'SOL', name: 'Wrapped SOL', balance: formatTokenBalance(m.wrappedSol.amount, 9) });
  return list;
}

async function shownTokens(page: Page) {
  return page.getByTestId('token-card').evaluateAll((cards) =>
    cards.map((c) => ({
      symbol: c.querySelector('[data-testid=token-symbol]')!.textContent,
      name: c.querySelector('[data-testid=token-name]')!.textContent,
      balance: c.querySelector('[data-testid=token-balance]')!.textContent,
    })),
  );
}
/** The funded NFTs; the collection NFT is minted to the owner too, so it is one of the wallet's NFTs. */
// PRODUCT difference 12: the demo also holds pNFTs, a print edition, a Token-2022 NFT, Core assets and Bubblegum V2 cNFTs.
const kindNfts = (m: any): any[] =>
  m.kinds ? [...m.kinds.pnfts, ...m.kinds.printEditions, ...m.kinds.token2022Nfts, ...m.kinds.coreAssets] : [];
const manifestNftNames = (m: any): string[] =>
  sorted([...m.nfts, ...(m.collection ? [m.collection] : []), ...kindNfts(m)].map((n: any) => n.name));
const manifestCnftNames = (m: any): string[] =>
  sorted([...m.cnfts, ...(m.kinds?.cnftsV2 ?? [])].map((c: any) => c.name));
const bySymbol = (a: { symbol: string }, b: { symbol: string }) => a.symbol.localeCompare(b.symbol);

describe('wallet assets screen in Chromium', () => {
  it('demo wallet: exactly the funded tokens, NFTs and cNFTs with their names, symbols and balances', async () => {
    const { page, manifest, context, errors } = await openPage();
    await loaded(page);
    const expected = manifestTokens(manifest).sort(bySymbol);
    await eventually(20_000, async () =>
      expect(await (async () => (await shownTokens(page)).sort(bySymbol))()).toEqual(expected),
    );
    expect(sorted(await texts(page, 'nft-name'))).toEqual(manifestNftNames(manifest));
    expect(sorted(await texts(page, 'cnft-name'))).toEqual(manifestCnftNames(manifest));
    expect(manifest.nfts).toHaveLength(5);
    expect(manifest.cnfts).toHaveLength(6);
    expect(expected).toHaveLength(6);
    expect(await page.getByTestId('assets-status').count()).toBe(0);
    // Every picture loaded (no card fell back to a default image) and the page raised no error. Pictures load lazily
    // as the page scrolls to them, so each is brought into view first.
    for (const img of await page.locator('[data-testid$=card] img').all()) await img.scrollIntoViewIfNeeded();
    await eventually(20_000, async () => {
      const images = await page.locator('[data-testid$=card] img').evaluateAll((els) =>
        els.map((e) => ({
          src: e.getAttribute('src'),
          ok: (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0,
        })),
      );
      expect(images.filter((i) => !i.ok || /default-(token|nft)/.test(i.src ?? ''))).toEqual([]);
    });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'demo.png'), fullPage: true });
    // A phone-sized window: the grids reflow to fewer columns and still show every card.
    await page.setViewportSize({ width: 400, height: 860 });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('token-card').count()).toBe(6);
    const columns = await page
      .getByTestId('tokens-section')
      .locator('.asset-grid-row')
      .first()
      .evaluate((row) => getComputedStyle(row).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    await page.getByTestId('tokens-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'demo-narrow.png') });
    await context.close();
  }, 180_000);

  it('bulk mode ON selects by click and counts in the panel; OFF shows Burn buttons and View Only, and clears', async () => {
    const { page, context, manifest, owner } = await openPage();
    await loaded(page);
    const panel = page.getByTestId('selected-assets-panel');
    await eventually(20_000, async () => expect(await (() => panel.getByText(SELECTION.emptyHint).count())()).toBe(1));
    expect(await page.getByRole('button', { name: ASSETS.burnButton, exact: true }).count()).toBe(0);
    await page.getByTestId('token-card').nth(0).click();
    await page.getByTestId('token-card').nth(1).click();
    await page.getByTestId('nft-card').nth(0).getByRole('checkbox').check();
    await page.getByTestId('cnft-card').nth(0).click();
    await eventually(20_000, async () =>
      expect(await (() => panel.getByTestId('selected-count').textContent())()).toBe(selectedCount(4)),
    );
    expect(await panel.getByText(ASSETS_SCREEN.cnftsSelectedNote).count()).toBe(1); // matches the buttons
    expect(await panel.getByText(SELECTION.cnftsViewOnlyNote).count()).toBe(0);
    expect(await panel.getByRole('button', { name: SELECTION.burnSelectedTokens }).isEnabled()).toBe(true);
    expect(await panel.getByRole('button', { name: SELECTION.burnSelectedNfts }).isEnabled()).toBe(true);
    await page.getByTestId('token-card').nth(1).click(); // toggles back off
    await eventually(20_000, async () =>
      expect(await (() => panel.getByTestId('selected-count').textContent())()).toBe(selectedCount(3)),
    );
    await page.screenshot({ path: path.join(SHOTS, 'bulk-on.png'), fullPage: true });

    await page.getByTestId('bulk-mode-toggle').click();
    await eventually(20_000, async () =>
      expect(await (() => panel.getByTestId('selected-count').textContent())()).toBe(selectedCount(0)),
    );
    // Six token cards: five burn, wrapped SOL unwraps (its SOL is the owner's own).
    expect(await page.getByRole('button', { name: ASSETS.burnButton, exact: true }).count()).toBe(
      5 + manifestNftNames(manifest).length,
    );
    expect(await page.getByRole('button', { name: 'Unwrap', exact: true }).count()).toBe(1);
    // No "View Only" beside working Trash / Burn buttons; the badge says what is true.
    expect(await page.getByText(ASSETS_SCREEN.cnftBadge, { exact: true }).count()).toBe(
      manifestCnftNames(manifest).length,
    );
    expect(await page.getByText(ASSETS.viewOnly, { exact: true }).count()).toBe(0);
    // No NFT checkboxes (the mode switch has role switch); the vacant banner's own tick boxes (surplus, fee relay) and
    // the "More SOL" section's (one per recovery source) aside.
    const bannerBoxes = await page.getByTestId('vacant-banner').getByRole('checkbox').count();
    await page.getByTestId('more-sol').getByTestId('recovery-source').first().waitFor({ timeout: 60_000 });
    const moreSolBoxes = await page.getByTestId('more-sol').getByRole('checkbox').count();
    expect(await page.getByRole('checkbox').count()).toBe(bannerBoxes + moreSolBoxes);
    await page.getByTestId('cnft-card').nth(0).click();
    expect(await panel.getByTestId('selected-count').textContent()).toBe(selectedCount(0));
    await page.screenshot({ path: path.join(SHOTS, 'bulk-off.png'), fullPage: true });

    // Disconnect clears everything; connecting again loads the same lists afresh with nothing selected.
    await page.getByTestId('bulk-mode-toggle').click();
    await page.getByTestId('token-card').nth(0).click();
    await page.getByRole('button', { name: new RegExp(owner.slice(0, 4)) }).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    await page.getByRole('heading', { name: ASSETS.connectHeading }).waitFor();
    expect(await page.getByTestId('token-card').count()).toBe(0);
    await page
      .getByRole('button', { name: /select wallet|connect/i })
      .first()
      .click();
    await page.getByRole('button', { name: /Assets Test Wallet/ }).click();
    await loaded(page);
    await eventually(20_000, async () => expect(await page.getByTestId('token-card').count()).toBe(6));
    expect(await panel.getByTestId('selected-count').textContent()).toBe(selectedCount(0));
    await context.close();
  }, 180_000);

  it('a cNFT in the persisted hidden list is not shown', async () => {
    let hiddenId = '';
    const { page, context, manifest } = await openPage({
      setup: async (c, m) => {
        hiddenId = m.cnfts[2].assetId;
        // The persisted hidden-assets list as redux-persist stores it (key 'persist:solback', one JSON string per slice).
        const stored = JSON.stringify({
          hiddenAssets: JSON.stringify({ ids: [hiddenId] }),
          _persist: JSON.stringify({ version: 1, rehydrated: true }),
        });
        await c.addInitScript((v) => localStorage.setItem('persist:solback', v), stored);
      },
    });
    await loaded(page);
    const names: string[] = await texts(page, 'cnft-name');
    expect(names).toHaveLength(manifestCnftNames(manifest).length - 1);
    expect(await page.locator(`[data-testid=cnft-card][data-mint="${hiddenId}"]`).count()).toBe(0);
    await context.close();
  }, 180_000);

  it('wallet-tokens failing (500): the tokens come from the direct chain query; with the RPC query failing too the list is empty and the page works', async () => {
    const failTokens = (c: BrowserContext) =>
      c.route('**/api/wallet-tokens/**', (r: Route) =>
        r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"forced"}' }),
      );
    const a = await openPage({ setup: (c) => failTokens(c) });
    await loaded(a.page);
    const expected = manifestTokens(a.manifest).sort(bySymbol);
    await eventually(30_000, async () =>
      expect(await (async () => (await shownTokens(a.page)).sort(bySymbol))()).toEqual(expected),
    );
    expect(a.requests.filter((r) => r.includes('/api/wallet-tokens/'))).toHaveLength(1);
    await a.page.screenshot({ path: path.join(SHOTS, 'tokens-from-chain.png'), fullPage: true });
    await a.context.close();

    const b = await openPage({
      setup: async (c) => {
        await failTokens(c);
        await c.route('**/api/rpc', (r: Route) =>
          /getTokenAccountsByOwner/.test(r.request().postData() ?? '')
            ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"forced"}' })
            : r.continue(),
        );
      },
    });
    await loaded(b.page);
    expect(await b.page.getByText(ASSETS.noTokens).count()).toBe(1);
    await eventually(20_000, async () =>
      expect(await (() => b.page.getByTestId('assets-status').textContent())()).toContain(
        errorFetchingTokens('').trim(),
      ),
    );
    await eventually(20_000, async () =>
      expect(sorted(await texts(b.page, 'nft-name'))).toEqual(manifestNftNames(b.manifest)),
    );
    await b.page.getByTestId('cnft-card').nth(0).click();
    await eventually(20_000, async () =>
      expect(await (() => b.page.getByTestId('selected-count').textContent())()).toBe(selectedCount(1)),
    );
    await b.page.screenshot({ path: path.join(SHOTS, 'tokens-none.png'), fullPage: true });
    await b.context.close();
  }, 240_000);

  it('the combined NFT call failing: the assets and cnfts endpoints fill both lists', async () => {
    const { page, context, manifest, requests } = await openPage({
      setup: (c) =>
        c.route('**/api/helius/wallet/nfts/**', (r: Route) =>
          r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"forced"}' }),
        ),
    });
    await loaded(page);
    expect(sorted(await texts(page, 'nft-name'))).toEqual(manifestNftNames(manifest));
    expect(sorted(await texts(page, 'cnft-name'))).toEqual(manifestCnftNames(manifest));
    expect(requests.filter((r) => /\/api\/helius\/(assets|cnfts)\//.test(r))).toHaveLength(2);
    await context.close();
  }, 180_000);

  it('large wallet: all 2,300 assets are listed, only the rows on screen are rendered, few requests', async () => {
    const { page, context, requests, manifest, connectedAt } = await openPage({ profile: 'large' });
    // The large profile's first token (amount 1, 0 decimals, mint authority kept) has the spec's NFT pattern, but the
    // server found no NFT behind it: it is listed as the token it is, so every token is in the list.
    const listable = manifest.tokens.filter((t: any) => BigInt(t.amount) > 0n).length;
    console.log(
      `large: manifest ${manifest.tokens.length} tokens, ${listable} burnable; ${manifest.nfts.length} NFTs; ${manifest.cnfts.length} cNFTs`,
    );
    await loaded(page, 180_000);
    const loadMs = Date.now() - connectedAt;
    const count = async (id: string) => Number(await page.getByTestId(`${id}-count`).textContent());
    expect(await count('tokens-section')).toBe(listable);
    expect(listable).toBe(1000);
    expect(await count('nfts-section')).toBe(manifestNftNames(manifest).length);
    expect(await count('cnfts-section')).toBe(manifest.cnfts.length);
    expect(manifest.nfts.length).toBe(300);
    expect(manifest.cnfts.length).toBe(1000);
    const rendered = await page
      .locator('[data-testid=token-card],[data-testid=nft-card],[data-testid=cnft-card]')
      .count();
    expect(rendered).toBeLessThan(400);

    // Scroll each grid to its end: the last asset shows up, and the page stays responsive while doing so.
    for (const [section, card] of [
      ['tokens-section', 'token-card'],
      ['nfts-section', 'nft-card'],
      ['cnfts-section', 'cnft-card'],
    ]) {
      const grid = page.getByTestId(section).getByRole('list');
      const t0 = Date.now();
      // The grids scroll with the page (no inner box): scroll the window to the grid's end.
      await grid.evaluate((el) =>
        window.scrollTo({ top: el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight }),
      );
      await page.waitForTimeout(150);
      const last = await grid.getByTestId(card).last().textContent();
      console.log(`large: ${section} scrolled to end in ${Date.now() - t0} ms, last card: ${last?.slice(0, 40)}`);
      expect(last).toBeTruthy();
    }
    await page
      .getByTestId('tokens-section')
      .getByRole('list')
      .evaluate((el) =>
        window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY + el.scrollHeight / 2 }),
      );
    // Responsiveness: a click on a card shows in the panel quickly even with 2,300 assets loaded.
    await page.waitForTimeout(150);
    const t0 = Date.now();
    await page.getByTestId('tokens-section').getByTestId('token-card').nth(2).click();
    await page.getByTestId('selected-count').getByText(selectedCount(1)).waitFor();
    const clickMs = Date.now() - t0;
    // Logged, not asserted: a time bound fails on a loaded machine (times belong to `npm run bench`).
    console.log(`large: card click → panel '1 selected' in ${clickMs} ms`);
    await page.screenshot({ path: path.join(SHOTS, 'large.png'), fullPage: false });
    const api = requests.filter((r) => r.includes('/api/'));
    const perPath = api.reduce<Record<string, number>>((acc, r) => {
      const key = r.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, '/:id');
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
    console.log(
      `large: connect → all sections loaded in ${loadMs} ms; ${requests.length} HTTP requests in all, ${api.length} to /api:`,
      JSON.stringify(perPath),
    );
    expect(api.filter((r) => r.includes('/api/token-metadata/')).length).toBeLessThan(10);
    await context.close();
  }, 400_000);
});
