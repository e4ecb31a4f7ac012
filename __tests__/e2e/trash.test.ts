// cNFT trash in real Chromium (docs/PRODUCT.md#cnft-modals, #trash-a-cnft; PRODUCT difference 1, 3, 8): the built page, the real
// app on the local chain (emulated Bubblegum checks every proof against the tree root), a Wallet Standard wallet
// whose key stays in Node. Each outcome is read back from DAS getAsset.
import { createHash } from 'crypto';
import bs58 from 'bs58';
import { VersionedTransaction } from '@solana/web3.js';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { parseAuthMessage } from '../../src/common/authMessage';
import { DELEGATED_MODAL, DIRECT_MODAL, QUEUE_MODAL, ROBUST_MODAL, VALIDATION } from '../../src/common/texts';
import { watchErrors } from './support/browser';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { installTestWallet, type TestWallet, type WalletOp } from './support/testWallet';
import { until } from '../support/until';

jest.setTimeout(180_000);

let server: TestServer;
let trash: string;

const post = (route: string, body: unknown) => postApi(server.url, route, body);
const assetOf = async (id: string) => {
  const a = await server.app.das.call<any>('getAsset', { id });
  return {
    owner: a.ownership.owner as string,
    delegate: (a.ownership.delegate ?? null) as string | null,
    burnt: !!a.burnt,
  };
};

const suite = browserSuite({}, async (s) => {
  server = s.server;
  trash = server.app.config.trashWallet;
});

interface Session {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
  cnfts: { assetId: string; name: string; delegate: string | null }[];
  cnftsV2: { assetId: string; name: string; delegate: string | null; frozen: boolean; nonTransferable: boolean }[];
  requests: { url: string; body: string }[];
  errors: string[];
}
const sessions: Session[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) {
    await s.context.close();
    expect(s.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }
});

async function session(approve?: (op: WalletOp, detail: unknown) => boolean | Promise<boolean>): Promise<Session> {
  const context = await suite.newContext();
  const wallet = await installTestWallet(context, { approve });
  const manifest = (await post('localnet/fund', { owner: wallet.keypair.publicKey.toBase58() })).manifest;
  const page = await context.newPage();
  const errors = watchErrors(page);
  const requests: { url: string; body: string }[] = [];
  page.on('request', (r: Request) => requests.push({ url: r.url(), body: r.postData() ?? '' }));
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  await page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: new RegExp(wallet.name) })
    .click();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('cnft-card').first().waitFor({ timeout: 30_000 });
  const s = { context, page, wallet, cnfts: manifest.cnfts, cnftsV2: manifest.kinds?.cnftsV2 ?? [], requests, errors };
  sessions.push(s);
  return s;
}

const card = (page: Page, id: string) => page.locator(`[data-testid="cnft-card"][data-mint="${id}"]`);

test('standard trash: getAsset shows TRASH_WALLET as owner; the card disappears and stays hidden after a reload', async () => {
  const { page, cnfts, cnftsV2, wallet, requests } = await session();
  const id = cnfts[1].assetId;
  const chunk = () => requests.filter((r) => /\/static\/dist\/trash-direct\./.test(r.url)).length;
  expect(chunk()).toBe(0); // the modal is a lazy chunk
  await card(page, id).getByTestId('cnft-trash').click();
  const modal = page.getByTestId('direct-trash-modal');
  await modal.waitFor();
  expect(chunk()).toBe(1);
  await expect(modal.getByText(DIRECT_MODAL.standardMethod).count()).resolves.toBe(1);
  await expect(modal.getByText(DIRECT_MODAL.recommended).count()).resolves.toBe(1);
  await expect(modal.getByText(DIRECT_MODAL.alternative).count()).resolves.toBe(1);
  await expect(modal.getByTestId('direct-info').textContent()).resolves.toBe(DIRECT_MODAL.info);
  await modal.getByRole('button', { name: DIRECT_MODAL.send }).click();
  await card(page, id).waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByTestId('trash-result').waitFor();
  expect((await assetOf(id)).owner).toBe(trash);
  expect(wallet.log.filter((l) => l.op === 'signTransaction')).toHaveLength(1);
  await page.reload();
  await page.getByTestId('cnft-card').first().waitFor({ timeout: 30_000 });
  await expect(page.getByTestId('cnft-card').count()).resolves.toBe(cnfts.length + cnftsV2.length - 1);
  await expect(card(page, id).count()).resolves.toBe(0);
});

test('Bubblegum V2 (PRODUCT difference 12): standard trash moves a plain V2 leaf with transferV2; a non-transferable one offers only burn', async () => {
  const { page, cnftsV2, wallet } = await session();
  const plain = cnftsV2.find((c) => !c.frozen && !c.nonTransferable)!;
  const soulbound = cnftsV2.find((c) => c.nonTransferable)!;
  await expect(card(page, soulbound.assetId).getByTestId('cnft-trash').count()).resolves.toBe(0);
  await expect(card(page, soulbound.assetId).getByTestId('cnft-burn').count()).resolves.toBe(1);
  await card(page, plain.assetId).getByTestId('cnft-trash').click();
  const modal = page.getByTestId('direct-trash-modal');
  await modal.getByRole('button', { name: DIRECT_MODAL.send }).click();
  await card(page, plain.assetId).waitFor({ state: 'detached', timeout: 30_000 });
  expect((await assetOf(plain.assetId)).owner).toBe(trash);
  const signed = wallet.log.filter((l) => l.op === 'signTransaction');
  expect(signed).toHaveLength(1);
});

test('robust method: the pasted key signs in the page; same result; no request carries the key', async () => {
  const { page, cnfts, wallet, requests } = await session();
  const id = cnfts[2].assetId;
  const pasted = bs58.encode(wallet.keypair.secretKey);
  await card(page, id).getByTestId('cnft-trash').click();
  const direct = page.getByTestId('direct-trash-modal');
  await direct.getByTestId('method-robust').click();
  await direct.getByRole('button', { name: DIRECT_MODAL.tryRobust }).click();
  const modal = page.getByTestId('robust-trash-modal');
  await modal.waitFor();
  const field = modal.getByTestId('robust-private-key');
  await expect(field.getAttribute('type')).resolves.toBe('password');
  const confirm = modal.getByRole('button', { name: ROBUST_MODAL.confirm });
  expect(await confirm.isDisabled()).toBe(true);
  await field.fill('not-a-key');
  await modal.getByText(VALIDATION.invalidPrivateKeyFormat).waitFor();
  await field.fill(bs58.encode(wallet.keypair.secretKey.subarray(0, 32)));
  await modal.getByText(VALIDATION.invalidPrivateKeyFormat).waitFor();
  expect(await confirm.isDisabled()).toBe(true);
  await field.fill(pasted);
  await modal.getByTestId('robust-derived-address').filter({ hasText: wallet.keypair.publicKey.toBase58() }).waitFor();
  expect(await confirm.isDisabled()).toBe(false);
  await confirm.click();
  await modal.getByRole('link', { name: ROBUST_MODAL.viewOnExplorer }).waitFor({ timeout: 30_000 });
  expect((await assetOf(id)).owner).toBe(trash);
  await modal.getByRole('button', { name: 'Close' }).click();
  await card(page, id).waitFor({ state: 'detached' });
  // The key never left the page: not in any URL or body, and the wallet was never asked to sign.
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    expect(r.url).not.toContain(pasted);
    expect(r.body).not.toContain(pasted);
    expect(r.body).not.toMatch(/privateKey/i);
  }
  const relay = requests.find((r) => r.url.endsWith('/api/robust-transfer'))!;
  expect(Object.keys(JSON.parse(relay.body)).sort()).toEqual(['assetId', 'destinationAddress', 'signedTransaction']);
  expect(wallet.log.filter((l) => l.op === 'signTransaction')).toHaveLength(0);
  // Nor does it stay in the page's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(pasted);
  await expect(page.getByTestId('robust-trash-modal').count()).resolves.toBe(0);
});

test('queue of 4 cNFTs: delegations and the authorisation memo in one approval, all 4 reach TRASH_WALLET, progress 100 %', async () => {
  const { page, cnfts, wallet, requests } = await session();
  const four = cnfts.slice(0, 4);
  for (const c of four) await card(page, c.assetId).click(); // bulk mode (default ON) selects
  await page.getByTestId('cnft-trash-selected').click();
  const modal = page.getByTestId('queue-modal');
  await modal.waitFor();
  await expect(modal.getByTestId('queue-pending').textContent()).resolves.toBe('4');
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
  await modal.locator('[data-state="complete"]').waitFor({ timeout: 90_000 });
  await expect(modal.getByTestId('queue-progress').getAttribute('aria-valuenow')).resolves.toBe('100');
  await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('4');
  await expect(modal.getByTestId('queue-trashed').locator('li').count()).resolves.toBe(4);
  for (const c of four) expect((await assetOf(c.assetId)).owner).toBe(trash);
  // ONE approval: the 3 delegations (cNFT 0 was already delegated) and the authorisation memo, signed together.
  expect(wallet.approvals).toEqual([{ op: 'signTransaction', count: 3 + 1 }]);
  const signs = wallet.log.filter((l) => l.op === 'signTransaction');
  expect(wallet.log.filter((l) => l.op === 'signMessage')).toEqual([]);
  // The text the server got, in the Sign-In-With-Solana layout (PRODUCT difference 11): this page's host, the
  // wallet, the queue and exactly the 4 cNFTs, a server nonce, at most 10 minutes; the memo holds its SHA-256.
  const sent = requests.filter((r) => /\/api\/queue\/authorize$/.test(r.url)).map((r) => JSON.parse(r.body));
  expect(sent).toHaveLength(1);
  const messages = [parseAuthMessage(sent[0].message)];
  expect(messages).toEqual([
    expect.objectContaining({
      domain: new URL(server.url).host,
      address: wallet.keypair.publicKey.toBase58(),
      action: 'queue-authorize',
      queueId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      assetIds: four.map((c) => c.assetId),
    }),
  ]);
  const memoTx = signs[3].tx!;
  expect(bs58.encode(memoTx.signatures[0])).toBe(sent[0].memoSignature);
  // After our compute-budget pair (limit, price), the memo.
  expect(memoTx.message.compiledInstructions).toHaveLength(3);
  expect(Buffer.from(memoTx.message.compiledInstructions[2].data).toString()).toBe(
    `SolBack authorisation sha256:${createHash('sha256').update(sent[0].message).digest('hex')}`,
  );
  expect(Date.parse(messages[0].expirationTime) - Date.parse(messages[0].issuedAt)).toBeLessThanOrEqual(600_000);
  await page.getByTestId('celebration').waitFor({ timeout: 10_000 });
  for (const c of four) await card(page, c.assetId).waitFor({ state: 'detached' });
  await modal.getByRole('button', { name: QUEUE_MODAL.close }).click();
});

test('queue: Cancel before the owner approved resets; nothing is authorised, polled or moved', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const { page, cnfts, requests, wallet } = await session(async (op) => {
    if (op === 'signTransaction') await held; // the one approval: delegations + authorisation memo
    return true;
  });
  // Every address the page hands to fetch, recorded as it is called (the page's /api calls all go through fetch).
  await page.evaluate(() => {
    const w = window as any;
    const fetch = w.fetch.bind(w);
    w.__e2eFetched = [];
    w.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      w.__e2eFetched.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
  });
  await card(page, cnfts[0].assetId).click();
  await page.getByTestId('cnft-trash-selected').click();
  const modal = page.getByTestId('queue-modal');
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
  await modal.locator('[data-state="creating_queue"]').waitFor();
  const seen = async (re: RegExp) => {
    for (let i = 0; i < 300 && !requests.some((r) => re.test(r.url)); i++) await page.waitForTimeout(100);
    expect(requests.some((r) => re.test(r.url))).toBe(true);
  };
  await seen(/\/api\/queue\/create$/);
  await seen(/\/api\/auth\/nonce$/);
  await modal.getByRole('button', { name: QUEUE_MODAL.cancel }).click();
  await modal.locator('[data-state="initial"]').waitFor();
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).waitFor();
  release();
  // The wallet answered: Playwright wrote the answer to the page before this test sees the log entry, and the page
  // handles its messages in order, so a task queued by the next evaluate runs after the page's listener took the
  // signed transactions. Whatever it asks for then, it hands to fetch in that turn.
  await until(() => wallet.log.some((e) => e.op === 'signTransaction'));
  const fetched = await page.evaluate(
    () => new Promise<string[]>((r) => setTimeout(() => r((window as any).__e2eFetched), 0)),
  );
  expect(fetched.some((u) => /\/api\/queue\/create$/.test(u))).toBe(true); // the record sees the page's calls
  // What came late is dropped; a queue its owner never authorised never runs, so there is nothing to cancel on the
  // server (and the server would refuse a cancel without the owner's proof).
  expect(fetched.filter((u) => /\/api\/queue\/(authorize|status|cancel)/.test(u))).toEqual([]);
  expect(requests.filter((r) => /\/api\/queue\/(authorize|status|cancel)/.test(r.url))).toHaveLength(0);
  expect((await assetOf(cnfts[0].assetId)).owner).not.toBe(trash);
});

test("queue: Cancel while the worker sends carries the owner's token; the server answers what it had not moved", async () => {
  const { page, cnfts } = await session();
  const delegate = server.app.delegate!.publicKey.toBase58();
  const faults = server.app.localnet!.faults;
  // Hold the worker's first transfer (fee payer: the server delegate) until the page has cancelled.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const hold = async (raw: Uint8Array) => {
    if (VersionedTransaction.deserialize(raw).message.staticAccountKeys[0].toBase58() !== delegate)
      return faults.onNextSend(hold);
    await held;
  };
  faults.onNextSend(hold);
  const cancels: { url: string; auth?: string; answer?: any }[] = [];
  page.on('response', async (r) => {
    if (!/\/api\/queue\/cancel\//.test(r.url())) return;
    cancels.push({ url: r.url(), auth: r.request().headers()['authorization'], answer: await r.json() });
  });
  const two = cnfts.slice(0, 2); // cNFT 0 came delegated; cNFT 1 is delegated by the page first
  for (const c of two) await card(page, c.assetId).click();
  await page.getByTestId('cnft-trash-selected').click();
  const modal = page.getByTestId('queue-modal');
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
  await modal.locator('[data-state="processing"]').waitFor({ timeout: 60_000 });
  await modal.getByRole('button', { name: QUEUE_MODAL.cancel }).click();
  for (let i = 0; i < 100 && !cancels[0]?.answer; i++) await page.waitForTimeout(100);
  release();
  expect(cancels).toHaveLength(1);
  expect(cancels[0].auth).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
  const st = cancels[0].answer.status;
  expect(st).toMatchObject({ isCancelled: true, processing: 1, completed: 0 });
  expect(st.unmovedAssets).toHaveLength(1);
  const sending = two.find((c) => c.assetId !== st.unmovedAssets[0].assetId)!;
  // The one being sent lands (it had left already); the other is never moved.
  for (let i = 0; i < 100 && (await assetOf(sending.assetId)).owner !== trash; i++) await page.waitForTimeout(200);
  expect((await assetOf(sending.assetId)).owner).toBe(trash);
  // The server's word that it is done with this queue: cancelled, and no send left in flight (isComplete). From
  // then on its worker sends nothing more for it, so the owner read after it is final.
  const queueStatus = cancels[0].url.replace('/api/queue/cancel/', '/api/queue/status/');
  const ended = await until(async () => {
    const res = await fetch(queueStatus, { headers: { authorization: cancels[0].auth! } });
    const { status } = await res.json();
    return status?.isComplete ? status : null;
  }, 60_000);
  expect(ended).toMatchObject({ isCancelled: true, completed: 1, cancelled: 1, processing: 0 });
  expect((await assetOf(st.unmovedAssets[0].assetId)).owner).not.toBe(trash);
});

test('delegated transfer: succeeds for the delegated demo cNFT; the button is disabled for one not delegated', async () => {
  const { page, cnfts } = await session();
  const delegated = cnfts.find((c) => c.delegate)!;
  const plain = cnfts.find((c) => !c.delegate)!;

  await card(page, plain.assetId).getByTestId('cnft-delegated').click();
  let modal = page.getByTestId('delegated-modal');
  await modal.getByTestId('delegated-not-delegated').waitFor();
  expect(await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).isDisabled()).toBe(true);
  // Ours: delegate it from here (the owner signs the Bubblegum delegate); then the transfer is possible.
  await modal.getByTestId('delegated-delegate-first').click();
  await modal.getByTestId('delegated-delegate').waitFor({ timeout: 30_000 });
  expect((await assetOf(plain.assetId)).delegate).toBe(server.app.delegate!.publicKey.toBase58());
  expect(await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).isDisabled()).toBe(false);
  await modal.getByRole('button', { name: 'Close' }).click();

  await card(page, delegated.assetId).getByTestId('cnft-delegated').click();
  modal = page.getByTestId('delegated-modal');
  await expect(modal.getByTestId('delegated-short-id').textContent()).resolves.toBe(
    `${delegated.assetId.slice(0, 6)}...${delegated.assetId.slice(-4)}`,
  );
  await modal
    .getByTestId('delegated-delegate')
    .filter({ hasText: server.app.delegate!.publicKey.toBase58() })
    .waitFor();
  await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).click();
  await modal.getByText(DELEGATED_MODAL.success).waitFor({ timeout: 40_000 });
  await modal.getByRole('link', { name: DELEGATED_MODAL.viewOnSolanaExplorer }).waitFor();
  expect((await assetOf(delegated.assetId)).owner).toBe(trash);
});

test('owner burn: the wallet signs a Bubblegum burn; getAsset reports it burnt', async () => {
  const { page, cnfts } = await session();
  const id = cnfts[4].assetId;
  await card(page, id).getByTestId('cnft-burn').click();
  const modal = page.getByTestId('burn-cnft-modal');
  await modal.getByTestId('burn-cnft-confirm').click();
  await card(page, id).waitFor({ state: 'detached', timeout: 30_000 });
  expect((await assetOf(id)).burnt).toBe(true);
});

test('a rejected signature is a cancellation: nothing moves', async () => {
  const { page, cnfts } = await session((op) => op !== 'signTransaction');
  const id = cnfts[3].assetId;
  await card(page, id).getByTestId('cnft-trash').click();
  const modal = page.getByTestId('direct-trash-modal');
  await modal.getByRole('button', { name: DIRECT_MODAL.send }).click();
  await modal.getByText('Transaction was cancelled by the user').waitFor({ timeout: 30_000 });
  expect((await assetOf(id)).owner).not.toBe(trash);
});
