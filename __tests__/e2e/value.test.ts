// Value before burning (PRODUCT difference 14) and the value filter/sort (PRODUCT, the page: bulk tools) in real Chromium
// on the `demo` wallet. The local DAS prices SGLD at 8 USD (3.141592653 SGLD = $25.13, far more than the 2,039,280
// lamports its account returns at 150 USD/SOL) and PIXL at 0.0002 USD (999.50 PIXL = $0.19, less than its rent);
// the other tokens have no price (backend/localnet/prices.ts). Every "nothing happened" is read from the chain.
// Screenshots: .tmp/e2e-value/.
import fs from 'fs';
import path from 'path';
import { type Connection, PublicKey } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { NATIVE_MINT } from '../../src/common/addresses';
import { SELECTION, ASSETS_SCREEN } from '../../src/common/texts';
import { VALUE_TEXTS } from '../../src/common/texts';
import { watchErrors } from './support/browser';
import { ROOT } from './support/buildBundle';
import { type TestServer } from './support/server';
import { type BurnWallet, installBurnWallet, networkFee, openAndConnect } from './burnSupport';
import { browserSuite, VIEWPORT_NAMES, type ViewportName } from './support/suite';

const SHOTS = path.join(ROOT, '.tmp', 'e2e-value');
let server: TestServer;
let connection: Connection;
const suite = browserSuite({}, (s) => {
  server = s.server;
  connection = s.connection;
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** A viewport screenshot with the token section's tools at the top (on a phone they are below the fold). */
async function shot(page: Page, name: string, at = 'token-tools') {
  if (at)
    await page
      .getByTestId(at)
      .evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 8 }));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}
const card = (page: Page, mint: string) => page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);

interface Session {
  page: Page;
  wallet: BurnWallet;
  manifest: any;
  errors: string[];
  sgld: any;
  pixl: any;
}

async function session(viewport: ViewportName): Promise<Session> {
  const context = await suite.newContext({ viewport });
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  const wallet = await installBurnWallet(context);
  const res = await fetch(`${server.url}/api/localnet/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner: wallet.keypair.publicKey.toBase58() }),
  });
  const { manifest } = await res.json();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);
  const sgld = manifest.tokens.find((t: any) => t.symbol === 'SGLD');
  const pixl = manifest.tokens.find((t: any) => t.symbol === 'PIXL');
  // Values arrive with the list: wait until the valuable card says so.
  await card(page, sgld.mint).getByTestId('valuable-label').waitFor({ timeout: 30_000 });
  return { page, wallet, manifest, errors, sgld, pixl };
}

/** The owner's lamports and the token account's lamports and amount, as the chain holds them now. */
async function chainState(wallet: BurnWallet, token: any) {
  const [owner, account, amount] = await Promise.all([
    connection.getBalance(wallet.keypair.publicKey, 'confirmed'),
    connection.getAccountInfo(new PublicKey(token.account), 'confirmed'),
    connection.getTokenAccountBalance(new PublicKey(token.account), 'confirmed'),
  ]);
  return { owner, accountLamports: account?.lamports ?? 0, amount: amount.value.amount };
}

/** The review opens with the value warning listing exactly these tokens; Confirm waits for the second yes. */
async function expectValueWarning(page: Page, tokens: { mint: string; symbol: string; usd: string }[]) {
  const dialog = page.getByTestId('review-dialog');
  await dialog.waitFor({ timeout: 60_000 });
  const warning = dialog.getByTestId('value-warning');
  await warning.waitFor();
  expect(await warning.getAttribute('data-count')).toBe(String(tokens.length));
  for (const t of tokens) {
    const item = warning.locator(`li[data-mint="${t.mint}"]`);
    await expect(item.textContent()).resolves.toContain(`${t.symbol}: worth ${t.usd}`);
  }
  const confirm = dialog.getByRole('button', { name: ASSETS_SCREEN.reviewConfirm });
  expect(await confirm.isDisabled()).toBe(true);
  return { dialog, confirm };
}

test('select all leaves the valuable token out; ticked by hand, the burn warns with its value; cancel burns nothing', async () => {
  const { page, wallet, manifest, errors, sgld, pixl } = await session('desktop');
  // Each card: its value, or "Value unknown" (never $0).
  const value = (mint: string) => card(page, mint).getByTestId('token-value');
  expect(await value(sgld.mint).getAttribute('data-value')).toBe('valuable');
  await expect(value(sgld.mint).textContent()).resolves.toContain('Worth $25.13');
  expect(await value(pixl.mint).getAttribute('data-value')).toBe('worthless');
  await expect(value(pixl.mint).textContent()).resolves.toContain('Worth $0.19');
  const unpriced = manifest.tokens.filter((t: any) => !['SGLD', 'PIXL'].includes(t.symbol) && t.mint !== NATIVE_MINT);
  expect(unpriced.length).toBe(3);
  for (const t of unpriced) {
    expect(await value(t.mint).getAttribute('data-value')).toBe('unknown');
    await expect(value(t.mint).textContent()).resolves.toBe(VALUE_TEXTS.unknown);
  }
  await shot(page, 'cards-desktop');

  // Select all: every listed token but wrapped SOL (the owner's SOL) and SGLD (worth more than its rent).
  const listed = manifest.tokens.length;
  const tools = page.getByTestId('token-tools');
  await tools.getByRole('button', { name: ASSETS_SCREEN.selectAll(listed - 2) }).click();
  await page
    .getByTestId('selected-count')
    .getByText(`${listed - 2} selected`)
    .waitFor();
  expect(await card(page, sgld.mint).getAttribute('aria-pressed')).toBe('false');
  expect(await card(page, pixl.mint).getAttribute('aria-pressed')).toBe('true');
  await shot(page, 'select-all-desktop');

  // By hand: clear, tick SGLD alone, burn → the review lists it with its value and asks again.
  await tools.getByRole('button', { name: ASSETS_SCREEN.clearSelection }).click();
  await card(page, sgld.mint).click();
  await page.getByTestId('selected-count').getByText('1 selected').waitFor();
  const before = await chainState(wallet, sgld);
  await page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  const { dialog } = await expectValueWarning(page, [{ mint: sgld.mint, symbol: 'SGLD', usd: '$25.13' }]);
  await shot(page, 'value-warning-desktop', '');
  await dialog.getByRole('button', { name: ASSETS_SCREEN.reviewCancel }).click();
  await dialog.waitFor({ state: 'detached' });
  await page
    .getByTestId('burn-message')
    .filter({ hasText: ASSETS_SCREEN.reviewCancelled })
    .waitFor({ timeout: 10_000 });
  // Nothing signed, nothing sent: 0 lamports moved, the account and its tokens are where they were.
  expect(wallet.approvals).toHaveLength(0);
  const after = await chainState(wallet, sgld);
  expect(after).toEqual(before);
  expect(after.amount).toBe(sgld.amount);
  await card(page, sgld.mint).waitFor();
  // Still ticked after the cancel; "Clear selection" clears what was ticked by hand too.
  expect(await card(page, sgld.mint).getAttribute('aria-pressed')).toBe('true');
  await tools.getByRole('button', { name: ASSETS_SCREEN.clearSelection }).click();
  expect(await card(page, sgld.mint).getAttribute('aria-pressed')).toBe('false');
  expect(errors).toEqual([]);
}, 240_000);

test('single burn of the valuable token asks again; agreeing burns it and returns exactly its account', async () => {
  const { page, wallet, sgld, pixl } = await session('desktop');
  await page.getByTestId('bulk-mode-toggle').click();
  // A worthless token burns with no value question.
  await card(page, pixl.mint).getByRole('button', { name: 'Burn', exact: true }).click();
  const plain = page.getByTestId('review-dialog');
  await plain.waitFor({ timeout: 60_000 });
  expect(await plain.getByTestId('value-warning').count()).toBe(0);
  await plain.getByRole('button', { name: ASSETS_SCREEN.reviewCancel }).click();
  await plain.waitFor({ state: 'detached' });

  const before = await chainState(wallet, sgld);
  await card(page, sgld.mint).getByRole('button', { name: 'Burn', exact: true }).click();
  const { dialog, confirm } = await expectValueWarning(page, [{ mint: sgld.mint, symbol: 'SGLD', usd: '$25.13' }]);
  await dialog.getByTestId('value-ack').check();
  expect(await confirm.isDisabled()).toBe(false);
  await confirm.click();
  await page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 60_000 });
  expect(wallet.approvals).toHaveLength(1);
  const fee = networkFee(wallet.approvals[0][0]);
  expect(await connection.getBalance(wallet.keypair.publicKey, 'confirmed')).toBe(
    before.owner + before.accountLamports - fee,
  );
  expect(await connection.getAccountInfo(new PublicKey(sgld.account), 'confirmed')).toBeNull();
}, 240_000);

describe.each(VIEWPORT_NAMES)('value filter and sort at %s', (viewport) => {
  test('filter by value shows each class; sort by value puts the highest first and unknown values last', async () => {
    const { page, manifest, sgld, pixl } = await session(viewport);
    const listed = manifest.tokens.length;
    const tools = page.getByTestId('token-tools');
    const shownMints = () =>
      page
        .getByTestId('tokens-section')
        .getByTestId('token-card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-mint') ?? ''));
    const filter = page.getByTestId('token-filter');
    await filter.selectOption('valuable');
    await page
      .getByTestId('token-shown')
      .filter({ hasText: `1 of ${listed} shown` })
      .waitFor();
    expect(await shownMints()).toEqual([sgld.mint]);
    // Nothing worth more than its rent is offered to "Select all" even when it is all the filter shows.
    await expect(tools.getByRole('button', { name: ASSETS_SCREEN.selectAll(0) }).isDisabled()).resolves.toBe(true);
    await shot(page, `filter-valuable-${viewport}`);

    await filter.selectOption('worthless');
    // PIXL, and wrapped SOL (closing returns its SOL itself: never worth more than what comes back).
    await page
      .getByTestId('token-shown')
      .filter({ hasText: `2 of ${listed} shown` })
      .waitFor();
    expect((await shownMints()).sort()).toEqual([pixl.mint, NATIVE_MINT].sort());

    await filter.selectOption('unknown');
    await page
      .getByTestId('token-shown')
      .filter({ hasText: `3 of ${listed} shown` })
      .waitFor();
    for (const m of await shownMints())
      expect(await card(page, m).getByTestId('token-value').getAttribute('data-value')).toBe('unknown');
    await shot(page, `filter-unknown-${viewport}`);

    await filter.selectOption('all');
    await page.getByTestId('token-sort').selectOption('value');
    // 0.25 wrapped SOL ($37.50) > 3.14 SGLD ($25.13) > 999.50 PIXL ($0.19) > the three unpriced tokens.
    await page
      .getByTestId('token-shown')
      .filter({ hasText: `${listed} of ${listed} shown` })
      .waitFor();
    const order = await shownMints();
    expect(order.slice(0, 3)).toEqual([NATIVE_MINT, sgld.mint, pixl.mint]);
    for (const m of order.slice(3))
      expect(await card(page, m).getByTestId('token-value').getAttribute('data-value')).toBe('unknown');
    await shot(page, `sort-value-${viewport}`);
  }, 240_000);
});
