// Burning in real Chromium (docs/PRODUCT.md#burn-one-token-or-nft, #burn-selected-tokens, #burn-selected-nfts, #recent-activity, PRODUCT differences 4–6): the built page, the real app on the local
// chain, a Wallet Standard wallet whose key stays in Node. Every lamport is checked on chain.
import fs from 'fs';
import path from 'path';
import { type Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { BrowserContext, Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../src/common/addresses';
import { MAX_NFTS_PER_BURN_REQUEST } from '../../src/common/constants';
import { exactSol, formatSol } from '../../src/chain/format';
import {
  ACTIVITY,
  BURN_ERRORS,
  GUARD,
  SELECTION,
  SUCCESS,
  batchLimitFromServer,
  netParts,
} from '../../src/common/texts';
import { watchErrors } from './support/browser';
import { ROOT } from './support/buildBundle';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { type BurnWallet, answerReview, installBurnWallet, networkFee, openAndConnect } from './burnSupport';
import { lamportsOf as readLamports } from '../support/lamports';

const SHOTS = path.join(ROOT, '.tmp', 'e2e-burn');

let server: TestServer;
let connection: Connection;

const post = (route: string, body: unknown) => postApi(server.url, route, body);
const lamportsOf = (addresses: string[]) => readLamports(connection, addresses);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const suite = browserSuite({ server: { localnetLamportsPerByte: 6960 } }, async (s) => {
  // Runs at the legacy rent (6960 lamports/byte), the rate the NFTs were made at: a full burn then returns every deposit.
  // Under today's lower rate Token Metadata keeps a metadata account's surplus; batchBurnNftKinds.test.ts covers that.
  server = s.server;
  connection = s.connection;
  await post('localnet/fund', { owner: server.app.config.feeWallet }); // exists on a real cluster
  fs.mkdirSync(SHOTS, { recursive: true });
});

interface Session {
  context: BrowserContext;
  page: Page;
  wallet: BurnWallet;
  manifests: any[];
  errors: string[];
}
const sessions: Session[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.context.close();
});

async function session(fundTimes = 1): Promise<Session> {
  const context = await suite.newContext();
  const wallet = await installBurnWallet(context);
  const manifests = [];
  for (let i = 0; i < fundTimes; i++)
    manifests.push((await post('localnet/fund', { owner: wallet.keypair.publicKey.toBase58() })).manifest);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);
  const s = { context, page, wallet, manifests, errors };
  sessions.push(s);
  return s;
}

const balance = (w: BurnWallet) => connection.getBalance(w.keypair.publicKey);
const tokenCard = (page: Page, mint: string) => page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);
const message = (page: Page) => page.getByTestId('burn-message');

async function bulkModeOff(page: Page) {
  const toggle = page.getByRole('switch', { name: 'Bulk Select Mode' });
  if (await toggle.isChecked()) await page.getByTestId('bulk-mode-toggle').click();
  await page.getByRole('button', { name: 'Burn', exact: true }).first().waitFor();
}

test('single token burn: card gone, balance + closed account lamports − network fee, activity entry; survives reload', async () => {
  const { page, wallet, manifests } = await session();
  const token = manifests[0].tokens.find((t: any) => t.program === TOKEN_PROGRAM && t.mint !== NATIVE_MINT);
  const [rent] = await lamportsOf([token.account]);
  const before = await balance(wallet);
  await bulkModeOff(page);
  await tokenCard(page, token.mint).getByRole('button', { name: 'Burn' }).click();
  await answerReview(page);
  await message(page).filter({ hasText: 'SOL returned' }).waitFor({ timeout: 30_000 });
  await tokenCard(page, token.mint).waitFor({ state: 'detached' });
  expect(await page.getByRole('link', { name: SUCCESS.viewTransaction }).count()).toBe(1);
  expect(wallet.approvals).toHaveLength(1);
  const fee = networkFee(wallet.approvals[0][0]);
  const gained = (await balance(wallet)) - before;
  expect(gained).toBe(rent - fee);
  expect(await lamportsOf([token.account])).toEqual([0]);
  // The line states what the wallet gained, net, with its parts: the chain's change, not the gross rent.
  await expect(message(page).textContent()).resolves.toContain(
    `${exactSol(gained)} SOL returned to your wallet (${netParts(exactSol(rent), null, exactSol(fee))})`,
  );

  const entry = page.getByTestId('activity-entry').first();
  await entry.waitFor();
  await expect(entry.textContent()).resolves.toContain(`+${formatSol(gained)} SOL`);
  await expect(entry.textContent()).resolves.toContain(ACTIVITY.justNow);
  await page.screenshot({ path: path.join(SHOTS, 'single-token-burn.png'), fullPage: true });

  await page.reload();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('activity-entry').first().waitFor();
  expect(await page.getByTestId('activity-entry').count()).toBe(1);
}, 120_000);

test('bulk burn of 15 tokens: one approval, as few transactions as the size limit needs, all gone, exact lamports', async () => {
  const { page, wallet, manifests } = await session(3);
  const tokens = manifests
    .flatMap((m) => m.tokens)
    .filter((t: any) => t.mint !== NATIVE_MINT)
    .slice(0, 15);
  expect(tokens).toHaveLength(15);
  const listed = new Set(manifests.flatMap((m) => m.tokens.map((t: any) => t.account))).size;
  await page
    .getByTestId('tokens-section-count')
    .filter({ hasText: String(listed) })
    .waitFor();
  for (const t of tokens) {
    const card = tokenCard(page, t.mint);
    for (let attempt = 0; (await card.getAttribute('aria-pressed')) !== 'true'; attempt++) {
      if (attempt > 3) throw new Error(`could not select ${t.mint}`);
      await card.press('Enter'); // the cards take Enter like a click; no pointer hit-testing in a scrolling grid
    }
  }
  await expect(page.getByTestId('selected-count').textContent()).resolves.toContain('15');
  const rent = sum(await lamportsOf(tokens.map((t: any) => t.account)));
  const before = await balance(wallet);
  await page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  const review = await answerReview(page);
  await message(page).filter({ hasText: 'SOL returned' }).waitFor({ timeout: 60_000 });
  expect(wallet.approvals).toHaveLength(1);
  const txs = wallet.approvals[0];
  expect(txs).toHaveLength(2); // ≤ 9 burn+close pairs fit one transaction with room for a wallet's additions
  expect((await balance(wallet)) - before).toBe(rent - sum(txs.map(networkFee)));
  // The review step showed exactly this before the wallet was asked.
  expect(review).toEqual({
    rent,
    serviceFee: 0,
    networkFee: sum(txs.map(networkFee)),
    solChange: rent - sum(txs.map(networkFee)),
    simulated: rent - sum(txs.map(networkFee)),
    destroyed: 15,
  });
  expect(await lamportsOf(tokens.map((t: any) => t.account))).toEqual(tokens.map(() => 0));
  for (const t of tokens) expect(await tokenCard(page, t.mint).count()).toBe(0);
  // The line and the activity log: the net gain, and 'Transactions' counts the 2 transactions of the one entry.
  const gained = (await balance(wallet)) - before;
  await expect(message(page).textContent()).resolves.toContain(`${exactSol(gained)} SOL returned to your wallet`);
  await page.getByTestId('activity-entry').first().waitFor();
  await expect(page.getByTestId('activity-count').textContent()).resolves.toBe(String(txs.length));
  await page.screenshot({ path: path.join(SHOTS, 'bulk-15-tokens.png'), fullPage: true });
}, 180_000);

test('a rejection in the wallet shows the cancelled text and changes nothing', async () => {
  const { page, wallet, manifests } = await session();
  wallet.control.approve = () => false;
  const token = manifests[0].tokens[0];
  const before = await balance(wallet);
  await bulkModeOff(page);
  await tokenCard(page, token.mint).getByRole('button', { name: 'Burn' }).click();
  await answerReview(page);
  await message(page).filter({ hasText: BURN_ERRORS.cancelledToken }).waitFor({ timeout: 30_000 });
  expect(await balance(wallet)).toBe(before);
  expect(await tokenCard(page, token.mint).count()).toBe(1);
  expect(await page.getByText(ACTIVITY.empty).count()).toBe(1);
}, 120_000);

test('an expired blockhash is re-signed once with a fresh one and succeeds', async () => {
  const { page, wallet, manifests } = await session();
  wallet.control.afterSign = async (n) => {
    if (n === 0) await post('localnet/faults', { expireBlockhash: true });
  };
  const token = manifests[0].tokens.find((t: any) => t.program === TOKEN_PROGRAM && t.mint !== NATIVE_MINT);
  const [rent] = await lamportsOf([token.account]);
  const before = await balance(wallet);
  await bulkModeOff(page);
  await tokenCard(page, token.mint).getByRole('button', { name: 'Burn' }).click();
  await answerReview(page);
  await message(page).filter({ hasText: 'SOL returned' }).waitFor({ timeout: 30_000 });
  expect(wallet.approvals).toHaveLength(2);
  expect(wallet.approvals[0][0].recentBlockhash).not.toBe(wallet.approvals[1][0].recentBlockhash);
  expect((await balance(wallet)) - before).toBe(rent - networkFee(wallet.approvals[1][0]));
}, 120_000);

test('batch NFT burn: a server answer altered to pay someone else is refused, nothing signed; the real one burns 3 NFTs', async () => {
  const { page, context, wallet, manifests } = await session();
  const nfts = manifests[0].nfts.slice(0, 3);
  const thief = Keypair.generate().publicKey;
  await context.route('**/api/batch-burn-nft', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.transactions = body.transactions.map((b64: string) => {
      const tx = Transaction.from(Buffer.from(b64, 'base64'));
      for (const ix of tx.instructions) if (ix.programId.equals(SystemProgram.programId)) ix.keys[1].pubkey = thief;
      return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    });
    body.transaction = body.transactions[0];
    await route.fulfill({ response, json: body });
  });
  for (const n of nfts) await page.locator(`[data-testid="nft-card"][data-mint="${n.mint}"]`).click();
  const before = await balance(wallet);
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  await message(page).filter({ hasText: GUARD.mismatch }).waitFor({ timeout: 30_000 });
  expect(wallet.approvals).toHaveLength(0);
  expect(await balance(wallet)).toBe(before);
  await page.screenshot({ path: path.join(SHOTS, 'guard-refused.png'), fullPage: true });

  await context.unroute('**/api/batch-burn-nft');
  const accounts = nfts.flatMap((n: any) => [n.tokenAccount, n.metadata, n.edition]);
  const rent = sum(await lamportsOf(accounts));
  const feeWallet = new PublicKey(server.app.config.feeWallet);
  const feeBefore = await connection.getBalance(feeWallet);
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  const review = await answerReview(page);
  await message(page).filter({ hasText: 'SOL returned' }).waitFor({ timeout: 30_000 });
  expect(wallet.approvals).toHaveLength(1);
  const fees = sum(wallet.approvals[0].map(networkFee));
  expect((await balance(wallet)) - before).toBe(rent - fees - serviceFee(rent));
  await expect(message(page).textContent()).resolves.toContain(
    `${exactSol(rent - fees - serviceFee(rent))} SOL returned to your wallet (${netParts(exactSol(rent), exactSol(serviceFee(rent)), exactSol(fees))})`,
  );
  expect(review.solChange).toBe(rent - sum(wallet.approvals[0].map(networkFee)) - serviceFee(rent));
  expect(review.serviceFee).toBe(serviceFee(rent));
  expect((await connection.getBalance(feeWallet)) - feeBefore).toBe(serviceFee(rent));
  for (const n of nfts) expect(await page.locator(`[data-testid="nft-card"][data-mint="${n.mint}"]`).count()).toBe(0);
  await expect(page.getByTestId('selected-count').textContent()).resolves.toContain('0');
}, 120_000);

test('one NFT selected alone and burned with "Burn Selected NFTs" pays what its card\'s Burn pays: no service fee', async () => {
  const { page, wallet, manifests } = await session();
  const nft = manifests[0].nfts[0];
  const accounts = [nft.tokenAccount, nft.metadata, nft.edition];
  const rent = sum(await lamportsOf(accounts));
  const feeWallet = new PublicKey(server.app.config.feeWallet);
  const [before, feeBefore] = [await balance(wallet), await connection.getBalance(feeWallet)];
  await page.locator(`[data-testid="nft-card"][data-mint="${nft.mint}"]`).click();
  await page.getByTestId('rent-selected-nfts').filter({ hasText: '(1)' }).waitFor();
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  const review = await answerReview(page);
  await message(page).filter({ hasText: 'SOL returned' }).waitFor({ timeout: 60_000 });
  expect(review.serviceFee).toBe(0);
  const fee = networkFee(wallet.approvals[0][0]);
  expect((await balance(wallet)) - before).toBe(rent - fee);
  expect((await connection.getBalance(feeWallet)) - feeBefore).toBe(0);
  expect(await lamportsOf(accounts)).toEqual([0, 0, 0]);
  await expect(message(page).textContent()).resolves.toContain(
    `${exactSol(rent - fee)} SOL returned to your wallet (${netParts(exactSol(rent), null, exactSol(fee))})`,
  );
}, 120_000);

test("the server's batch limit reads '{error} Please select {n} or fewer NFTs.'", async () => {
  const { page, context, wallet, manifests } = await session();
  // One request padded past the server's cap (50) on the way gets its refusal (the page never sends more than the cap).
  const over = MAX_NFTS_PER_BURN_REQUEST + 1;
  await context.route('**/api/batch-burn-nft', async (route) => {
    const body = route.request().postDataJSON();
    body.nfts = Array.from({ length: over }, (_, i) => body.nfts[i % body.nfts.length]);
    await route.continue({ postData: JSON.stringify(body) });
  });
  // Two NFTs: one alone is burned the card's way, without the server.
  for (const n of manifests[0].nfts.slice(0, 2))
    await page.locator(`[data-testid="nft-card"][data-mint="${n.mint}"]`).click();
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  await message(page)
    .filter({ hasText: `Please select ${MAX_NFTS_PER_BURN_REQUEST} or fewer NFTs.` })
    .waitFor({ timeout: 30_000 });
  await expect(message(page).textContent()).resolves.toBe(
    batchLimitFromServer(`Too many NFTs in one batch (${over}).`, MAX_NFTS_PER_BURN_REQUEST),
  );
  expect(wallet.approvals).toHaveLength(0);
}, 120_000);

test('the activity log drops entries older than 24 h from the panel', async () => {
  const { page } = await session();
  const now = Date.now();
  const entries = [
    {
      id: 'old',
      type: 'token-burn',
      title: 'Old burn',
      description: 'yesterday',
      lamports: 2_039_280,
      recovery: 0.00203928,
      timestamp: now - 25 * 3_600_000,
    },
    {
      id: 'new',
      type: 'nft-burn',
      title: 'Recent burn',
      description: 'an hour ago',
      lamports: 10_509_600,
      recovery: 0.0105096,
      timestamp: now - 3_600_000,
    },
  ];
  await page.evaluate((list) => {
    const key = 'persist:solback';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
    stored.activity = JSON.stringify({ entries: list });
    localStorage.setItem(key, JSON.stringify(stored));
  }, entries);
  await page.reload();
  await page.getByTestId('activity-entry').first().waitFor();
  expect(await page.getByTestId('activity-entry').count()).toBe(1);
  await expect(page.getByTestId('activity-panel').textContent()).resolves.toContain('Recent burn');
  await expect(page.getByTestId('activity-panel').textContent()).resolves.toContain('1h ago');
  expect(await page.getByText('Old burn').count()).toBe(0);
  await expect(page.getByTestId('activity-total').textContent()).resolves.toBe('0.0105 SOL');
}, 120_000);
