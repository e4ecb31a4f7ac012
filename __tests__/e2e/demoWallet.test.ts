// The Local Demo Wallet (backend/localnet/README.md): offered in local mode, funded through /api/localnet/fund on its first connect
// only, signs in the page, and its key survives a reload.
import fs from 'fs';
import path from 'path';
import type { BrowserContext, Page } from 'playwright-core';
import { watchErrors } from './support/browser';
import { ROOT } from './support/buildBundle';
import type { TestServer } from './support/server';
import { browserSuite } from './support/suite';

let server: TestServer;
let context: BrowserContext;
let page: Page;
let errors: string[];
const fundCalls: string[] = [];

const suite = browserSuite({}, async (s) => {
  server = s.server;
  context = await suite.newContext();
  page = await context.newPage();
  errors = watchErrors(page);
  page.on('request', (r) => r.url().endsWith('/api/localnet/fund') && fundCalls.push(r.postData() ?? ''));
});

test('listed as Detected in local mode; the first connect funds it and its assets load', async () => {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  const item = page.locator('.wallet-adapter-modal-wrapper').getByRole('button', { name: /Local Demo Wallet/ });
  await expect(item.textContent()).resolves.toContain('Detected');
  await item.click();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('token-card').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('nft-card').first().waitFor({ timeout: 30_000 });

  const secret = await page.evaluate(() => localStorage.getItem('solback.demoWallet.secretKey'));
  expect(JSON.parse(secret ?? '[]')).toHaveLength(64);
  expect(fundCalls).toHaveLength(1);
  const { owner } = JSON.parse(fundCalls[0]) as { owner: string };
  const balance = await server.app.connection.getBalance(new (await import('@solana/web3.js')).PublicKey(owner));
  expect(balance).toBeGreaterThan(0);

  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, '.tmp', 'e2e-demo-wallet.png'), fullPage: true });
});

test('a reload reconnects the same key without funding it again', async () => {
  const before = await page.evaluate(() => localStorage.getItem('solback.demoWallet.secretKey'));
  await page.reload();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('token-card').first().waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('solback.demoWallet.secretKey'))).toBe(before);
  expect(fundCalls).toHaveLength(1);
  // Demo images belong to the local chain's funding catalogue, not to the page shell.
  const real = errors.filter((e) => !e.includes('/static/demo/'));
  expect(real).toEqual([]);
});
