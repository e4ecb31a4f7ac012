// Wallets as people have them, in real Chromium (PRODUCT, "Which request your wallet sees"): a send-only wallet
// (embedded, mobile), a Phantom-like one (both kinds of request), a guarded one (Phantom's own guard: Lighthouse
// assertions added to every transaction it sends, support/walletGuards.ts) and a batch-refusing one each do every
// flow — bulk burn of ≥ 20 tokens, bulk burn of NFTs of mixed kinds, a queue of 3 cNFTs (delegations + authorisation
// memo), a direct cNFT trash, the empty-account + surplus recovery, "More SOL", revoke and a single token burn —
// exact to the lamport on chain, the figure shown before the wallet was asked equal to the chain's change (fees a
// wallet adds included), and never a sign-only request. One approval each, but for the batch-refusing wallet:
// exactly one refused request in the session, then one request per transaction.
// The relayer-paid recovery is the one flow that needs a sign-only request: a Phantom-like wallet signs it; a
// send-only one is told why not, in plain words, before anything is signed, in a 390 px in-app browser too.
import fs from 'fs';
import bs58 from 'bs58';
import path from 'path';
import type { Connection } from '@solana/web3.js';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { parseAuthMessage } from '../../src/common/authMessage';
import { LIGHTHOUSE_PROGRAM, NATIVE_MINT, TOKEN_PROGRAM } from '../../src/common/addresses';
import { DELEGATED_MODAL, QUEUE_MODAL, DIRECT_MODAL, SELECTION, WALLET_MODES } from '../../src/common/texts';
import { RECOVERY_SECTION } from '../../src/common/texts/recoveryTexts';
import { exactSol } from '../../src/chain/format';
import { REVOKE } from '../../src/common/texts/revokeTexts';
import { plainCnfts } from './screenSupport';
import { emptiedWallet } from '../backend/relayerSupport';
import { answerReview, clickCard } from './burnSupport';
import { ROOT } from './support/buildBundle';
import type { TestServer } from './support/server';
import { lamportsOf as readLamports } from '../support/lamports';
import { type ViewportName, browserSuite } from './support/suite';
import {
  WALLET_KINDS,
  type TestWallet,
  type WalletFeature,
  type WalletGuard,
  approvalSignatures,
} from './support/testWallet';
import { recoverVacant } from './support/vacantReport';
import { feesOf as chainFees, takenBy } from './support/chainFigures';
import { GUARDS, GUARDED_FEATURES } from './support/walletGuards';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';

jest.setTimeout(240_000);
const SHOTS = path.join(ROOT, '.tmp', 'e2e-wallet-kinds');

let server: TestServer;
let connection: Connection;
const suite = browserSuite({}, async (s) => {
  ({ server, connection } = s);
  await s.post('localnet/fund', { owner: server.app.config.feeWallet }); // exists on a real cluster
  fs.mkdirSync(SHOTS, { recursive: true });
});

const post = (route: string, body: unknown) => suite.post(route, body);
const lamportsOf = (addresses: string[]) => readLamports(connection, addresses, 'confirmed');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Each wallet of this file: its features, and the guard it runs before it signs, where it runs one. */
const WALLETS = {
  sendOnly: { features: WALLET_KINDS.sendOnly },
  phantomLike: { features: WALLET_KINDS.phantomLike },
  signIn: { features: WALLET_KINDS.signIn },
  guarded: { features: GUARDED_FEATURES.guarded, guard: GUARDS.guarded },
  batchRefusing: { features: GUARDED_FEATURES.batchRefusing, guard: GUARDS.batchRefusing },
} satisfies Record<string, { features: readonly WalletFeature[]; guard?: WalletGuard }>;
type Kind = keyof typeof WALLETS;

interface Session {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
  owner: string;
  dialogs: string[];
  errors: string[];
  popups: number;
}

/** A page with the test wallet of this kind, not yet connected (a session opened before the tests lives for the file). */
async function open(
  kind: Kind,
  opts: { keypair?: TestWallet['keypair']; viewport?: ViewportName } = {},
): Promise<Session> {
  const { context, page, wallet, owner, errors } = await suite.session({
    profile: null,
    connect: false,
    viewport: opts.viewport,
    wallet: { name: `${kind} Wallet`, keypair: opts.keypair, ...WALLETS[kind] },
  });
  const s: Session = { context, page, wallet, owner, dialogs: [], errors, popups: 0 };
  page.on('dialog', (d: Dialog) => {
    s.dialogs.push(d.message());
    void d.accept();
  });
  page.on('popup', () => s.popups++);
  return s;
}

const connect = (s: Session) => suite.connect(s.page, s.wallet);

const feesOf = (signatures: string[]) => chainFees(connection, signatures);

/** The approvals since `from`, and the signatures of their transactions. */
function since(s: Session, from: number) {
  const approvals = s.wallet.approvals.slice(from);
  const signatures = approvals.flatMap((_, i) => approvalSignatures(s.wallet, from + i));
  return { approvals, signatures };
}

const balance = async (s: Session) => (await lamportsOf([s.owner]))[0];
const tokenCard = (page: Page, mint: string) => page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);
const nftCard = (page: Page, mint: string) => page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`);
const cnftCard = (page: Page, id: string) => page.locator(`[data-testid="cnft-card"][data-mint="${id}"]`);
/**
 * From now on, every exact network fee the page's cNFT fee line shows (its data-lamports, set once the guard has
 * simulated what the wallet is asked), recorded as the page renders it: the line is there only while the wallet is
 * asked. Resolves to a reader of what was shown, in order.
 */
async function watchShownFees(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { shownFees: number[]; shownFeesObserver?: MutationObserver };
    w.shownFeesObserver?.disconnect();
    w.shownFees = [];
    const take = (node: Node) => {
      if (!(node instanceof Element)) return;
      const lines = [node, ...node.querySelectorAll('[data-testid="cnft-network-fee"]')];
      for (const el of lines)
        if (el.getAttribute('data-testid') === 'cnft-network-fee' && el.hasAttribute('data-lamports'))
          w.shownFees.push(Number(el.getAttribute('data-lamports')));
    };
    w.shownFeesObserver = new MutationObserver((records) => {
      for (const r of records) (r.type === 'attributes' ? [r.target] : [...r.addedNodes]).forEach(take);
    });
    w.shownFeesObserver.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownFees: number[] }).shownFees);
}

const burnMessage = (page: Page) => page.getByTestId('burn-message').filter({ hasText: 'SOL returned' });
const SEND = 'signAndSendTransaction';
const SEND_ALL = 'signAndSendAllTransactions';

/**
 * The requests one action of `n` transactions made, as the user approved them: ONE (sign-and-send; the guarded
 * wallet is asked through signAndSendAllTransactions), or with a batch-refusing wallet one per transaction.
 */
function expectedApprovals(kind: Kind, n: number) {
  if (kind === 'batchRefusing') return Array.from({ length: n }, () => ({ op: SEND_ALL, count: 1 }));
  return [{ op: kind === 'guarded' ? SEND_ALL : SEND, count: n }];
}

const EVERY_FLOW: [Kind][] = [['sendOnly'], ['phantomLike'], ['guarded'], ['batchRefusing']];

describe.each<[Kind]>(EVERY_FLOW)('%s wallet: every flow', (kind) => {
  let s: Session;
  let manifests: any[];
  const trash = () => server.app.config.trashWallet;
  const keptForSingleBurn = () =>
    manifests[4].tokens.find((t: any) => t.program === TOKEN_PROGRAM && t.mint !== NATIVE_MINT);
  const assetOwner = async (id: string) =>
    ((await server.app.das.call<any>('getAsset', { id })).ownership.owner as string) ?? null;

  beforeAll(async () => {
    s = await open(kind);
    manifests = [];
    for (let i = 0; i < 5; i++) manifests.push((await post('localnet/fund', { owner: s.owner })).manifest);
    await connect(s);
    await s.page.getByTestId('token-card').first().waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    // Whatever the flows did, no request was sign-only and the page stayed healthy.
    expect(s.wallet.approvals.filter((a) => a.op === 'signTransaction')).toEqual([]);
    expect(s.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    // A batch-refusing wallet refused exactly one request this session: the page remembered its answer.
    expect(s.wallet.refused.length).toBe(kind === 'batchRefusing' ? 1 : 0);
    // Every transaction the guarded wallet sent landed with its guard's instructions in: the figures above are of
    // wallet-modified transactions, as Phantom sends them.
    if (kind === 'guarded') {
      const { signatures } = since(s, 0);
      expect(signatures.length).toBeGreaterThan(0);
      for (const signature of signatures) {
        const landed = await connection.getTransaction(signature, { commitment: 'confirmed' });
        const keys = landed!.transaction.message.accountKeys.map((k) => k.toBase58());
        expect(keys).toContain(LIGHTHOUSE_PROGRAM);
      }
    }
  });

  test('bulk burn of 20 tokens: one request, exact lamports', async () => {
    const tokens = manifests
      .flatMap((m) => m.tokens)
      .filter((t: any) => t.mint !== NATIVE_MINT && t !== keptForSingleBurn())
      .slice(0, 20);
    expect(tokens).toHaveLength(20);
    for (const t of tokens) {
      const card = tokenCard(s.page, t.mint);
      await card.waitFor({ timeout: 60_000 });
      for (let attempt = 0; (await card.getAttribute('aria-pressed')) !== 'true'; attempt++) {
        if (attempt > 3) throw new Error(`could not select ${t.mint}`);
        await card.press('Enter');
      }
    }
    const rent = sum(await lamportsOf(tokens.map((t: any) => t.account)));
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    await s.page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
    const review = await answerReview(s.page);
    await burnMessage(s.page).waitFor({ timeout: 90_000 });
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, signatures.length));
    const fees = await feesOf(signatures);
    expect((await balance(s)) - before).toBe(rent - fees);
    expect(review.solChange).toBe(rent - fees); // the figure shown before the wallet was asked
    expect(await lamportsOf(tokens.map((t: any) => t.account))).toEqual(tokens.map(() => 0));
  });

  test('bulk burn of NFTs of mixed kinds (pNFT, print, Token-2022 NFT, Core, plain): one request, exact lamports', async () => {
    const k = manifests[0].kinds;
    const mints = [
      k.pnfts[0].mint,
      k.printEditions[0].mint,
      k.token2022Nfts[0].mint,
      k.coreAssets[0].asset,
      manifests[0].nfts[0].mint,
    ];
    const feeWallet = server.app.config.feeWallet;
    for (const m of mints) await clickCard(s.page, nftCard(s.page, m));
    const [[before, feeBefore], from] = [await lamportsOf([s.owner, feeWallet]), s.wallet.approvals.length];
    await s.page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
    const review = await answerReview(s.page);
    await burnMessage(s.page).waitFor({ timeout: 90_000 });
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, signatures.length));
    const fees = await feesOf(signatures);
    const [after, feeAfter] = await lamportsOf([s.owner, feeWallet]);
    expect(feeAfter - feeBefore).toBe(review.serviceFee);
    expect(after - before).toBe(review.rent - review.serviceFee - fees);
    expect(review.solChange).toBe(after - before);
    for (const m of mints) await nftCard(s.page, m).waitFor({ state: 'detached' });
  });

  test('a queue of 3 cNFTs: the delegations and the authorisation memo in one request; all 3 reach the trash wallet', async () => {
    const three = manifests[0].cnfts.slice(0, 3);
    for (const c of three) await cnftCard(s.page, c.assetId).click();
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    await s.page.getByTestId('cnft-trash-selected').click();
    const modal = s.page.getByTestId('queue-modal');
    await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
    await modal.locator('[data-state="complete"]').waitFor({ timeout: 120_000 });
    await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('3');
    for (const c of three) expect(await assetOwner(c.assetId)).toBe(trash());
    const { approvals, signatures } = since(s, from);
    // ONE approval: the delegations of the cNFTs not yet delegated, and the memo of the authorisation's hash (last).
    const delegations = three.filter((c: any) => !c.delegate).length;
    expect(approvals).toEqual(expectedApprovals(kind, delegations + 1));
    expect(s.wallet.log.filter((l) => l.op === 'signMessage' || l.op === 'signIn')).toEqual([]);
    const memo = (await connection.getTransaction(signatures[delegations], { commitment: 'confirmed' }))!;
    const { accountKeys, instructions } = memo.transaction.message;
    const memoIx = instructions.find((ix) => accountKeys[ix.programIdIndex].equals(MEMO_PROGRAM_ID))!;
    expect(Buffer.from(bs58.decode(memoIx.data)).toString()).toMatch(/^SolBack authorisation sha256:[0-9a-f]{64}$/);
    // Exact: the owner's change is minus the network fees the chain charged, and the figure the modal showed.
    const fees = await feesOf(signatures);
    expect((await balance(s)) - before).toBe(-fees);
    await expect(modal.getByTestId('cnft-network-fee').getAttribute('data-lamports')).resolves.toBe(String(fees));
    await modal.getByRole('button', { name: QUEUE_MODAL.close, exact: true }).click();
    await modal.waitFor({ state: 'detached' });
  });

  test('a direct cNFT trash: one request; the owner pays exactly the network fee', async () => {
    const id = manifests[1].cnfts[1].assetId;
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    const shownFees = await watchShownFees(s.page);
    await cnftCard(s.page, id).getByTestId('cnft-trash').click();
    await s.page.getByTestId('direct-trash-modal').getByRole('button', { name: DIRECT_MODAL.send }).click();
    await cnftCard(s.page, id).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await assetOwner(id)).toBe(trash());
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, 1));
    const fees = await feesOf(signatures);
    expect((await balance(s)) - before).toBe(-fees);
    // The fee the modal showed while the wallet was asked is the fee the chain charged (a wallet adds none).
    expect([...new Set(await shownFees())]).toEqual([fees]);
  });

  test('empty-account + surplus recovery: one request; the server reads the figures of what the wallet sent', async () => {
    const closing = manifests.flatMap((m) => [...m.emptyAccounts, ...m.frozenAccounts].map((a: any) => a.account));
    const feeWallet = server.app.config.feeWallet;
    await s.page.getByTestId('vacant-recover').waitFor({ timeout: 60_000 });
    const rent = sum(await lamportsOf(closing));
    const [[before, feeBefore], from] = [await lamportsOf([s.owner, feeWallet]), s.wallet.approvals.length];
    const report = await recoverVacant(s.page);
    expect(report.kind).toBe('success');
    const { approvals, signatures } = since(s, from);
    expect([...report.signatures].sort()).toEqual([...signatures].sort());
    expect(approvals).toEqual(expectedApprovals(kind, signatures.length));
    const fees = await feesOf(signatures);
    const [after, feeAfter] = await lamportsOf([s.owner, feeWallet]);
    expect(await lamportsOf(closing)).toEqual(closing.map(() => 0));
    // What each transaction returned, read from its own balances: the closed accounts' rent and the surplus of kept
    // accounts; the service fee is 1 % of each transaction's return, floored per transaction.
    let returned = 0;
    let surplus = 0;
    let expectedFee = 0;
    for (const signature of signatures) {
      const taken = await takenBy(connection, s.owner, signature);
      const back = [...taken.values()].reduce((a, b) => a + b, 0);
      for (const [address, drop] of taken) if (!closing.includes(address)) surplus += drop;
      returned += back;
      expectedFee += serviceFee(back);
    }
    expect(surplus).toBeGreaterThan(0);
    expect(returned).toBe(rent + surplus);
    expect(feeAfter - feeBefore).toBe(expectedFee);
    expect(after - before).toBe(returned - expectedFee - fees);
    expect(s.dialogs).toEqual([]); // the report is in the page: no native dialog
  });

  test('"More SOL": stake, buffers and a nonce account of five fundings; the report is the chain’s change', async () => {
    const section = s.page.getByTestId('more-sol');
    await section.getByTestId('recovery-recover').waitFor({ timeout: 60_000 });
    const r = manifests[2].recovery;
    await section.getByLabel(`Nonce account ${r.nonce}`).check();
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    await section.getByTestId('recovery-recover').click();
    const review = await answerReview(s.page);
    const done = section.locator('[data-testid="recovery-message"][data-status="done"]');
    await done.waitFor({ timeout: 120_000 });
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, signatures.length));
    const change = (await balance(s)) - before;
    expect(change).toBe(review.solChange);
    await expect(done.textContent()).resolves.toMatch(RECOVERY_SECTION.done(exactSol(change), '').slice(0, -1));
    const emptied = manifests.flatMap((m) => [m.recovery.buffer, m.recovery.stakeInactive]).concat(r.nonce);
    expect(await lamportsOf(emptied)).toEqual(emptied.map(() => 0));
  });

  test('revoke: after a refused queue authorisation, each leaf’s delegate is the owner again; exact fees', async () => {
    const two = plainCnfts(manifests[2]).slice(0, 2);
    await s.page.route('**/api/queue/authorize', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }),
    );
    for (const c of two) await clickCard(s.page, cnftCard(s.page, c.assetId));
    await s.page.getByTestId('cnft-trash-selected').click();
    const modal = s.page.getByTestId('queue-modal');
    await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
    const offer = modal.getByTestId('revoke-offer');
    await offer.getByRole('button', { name: REVOKE.button(2) }).waitFor({ timeout: 90_000 });
    await s.page.unroute('**/api/queue/authorize');
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    await offer.getByRole('button', { name: REVOKE.button(2) }).click();
    await offer
      .getByTestId('revoke-done')
      .filter({ hasText: REVOKE.done(2) })
      .waitFor({ timeout: 60_000 });
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, 2));
    expect((await balance(s)) - before).toBe(-(await feesOf(signatures)));
    for (const c of two) {
      const asset = await server.app.das.call<any>('getAsset', { id: c.assetId });
      expect([asset.ownership.owner, asset.ownership.delegate ?? null]).toEqual([s.owner, null]);
    }
    await modal.getByRole('button', { name: QUEUE_MODAL.close, exact: true }).click();
    await modal.waitFor({ state: 'detached' });
  });

  test('single token burn: one request, exact lamports', async () => {
    const token = keptForSingleBurn();
    const toggle = s.page.getByRole('switch', { name: 'Bulk Select Mode' });
    if (await toggle.isChecked()) await s.page.getByTestId('bulk-mode-toggle').click();
    const [rent] = await lamportsOf([token.account]);
    const [before, from] = [await balance(s), s.wallet.approvals.length];
    await tokenCard(s.page, token.mint).getByRole('button', { name: 'Burn' }).click();
    const review = await answerReview(s.page);
    await burnMessage(s.page).waitFor({ timeout: 60_000 });
    const { approvals, signatures } = since(s, from);
    expect(approvals).toEqual(expectedApprovals(kind, 1));
    const fees = await feesOf(signatures);
    expect((await balance(s)) - before).toBe(rent - fees);
    expect(review.solChange).toBe(rent - fees);
  });
});

describe('the relayer-paid recovery (the one co-signed flow)', () => {
  test('a send-only wallet in a 390 px in-app browser: the plain explanation before anything is signed; nothing moves', async () => {
    const { owner, accounts } = emptiedWallet(server.app.localnet!, 4);
    const s = await open('sendOnly', { keypair: owner, viewport: 'phone' });
    await connect(s);
    const note = s.page.getByTestId('vacant-relay-send-only');
    await note.waitFor({ timeout: 90_000 });
    await expect(note.textContent()).resolves.toBe(`${WALLET_MODES.relayNeedsSignOnly} ${WALLET_MODES.addSol}`);
    await expect(s.page.getByTestId('vacant-relay-fee').count()).resolves.toBe(0); // no tick box it cannot honour
    // Nothing wider than the phone's screen.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const banner = s.page.getByTestId('vacant-banner');
    await banner.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await s.page.screenshot({ path: path.join(SHOTS, 'relayer-send-only-390.png') });
    const before = await lamportsOf([owner.publicKey.toBase58(), server.app.relayer!.address, ...accounts]);
    const report = await recoverVacant(s.page);
    expect({ kind: report.kind, text: report.text, reviewed: report.reviewed }).toEqual({
      kind: 'error',
      text: WALLET_MODES.cosignedNeedsSignOnly,
      reviewed: false,
    });
    expect(s.wallet.approvals).toEqual([]);
    expect(s.popups).toBe(0);
    expect(await lamportsOf([owner.publicKey.toBase58(), server.app.relayer!.address, ...accounts])).toEqual(before);
    await s.page.setViewportSize({ width: 1280, height: 900 });
    await banner.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await s.page.screenshot({ path: path.join(SHOTS, 'relayer-send-only-1280.png') });
  });

  test('a Phantom-like wallet signs it (the one sign-only request) and gets rent − network fee − 1 %', async () => {
    const { owner, accounts } = emptiedWallet(server.app.localnet!, 4);
    const s = await open('phantomLike', { keypair: owner });
    await connect(s);
    await s.page.getByTestId('vacant-recover').waitFor({ timeout: 90_000 });
    await expect(s.page.getByTestId('vacant-relay-send-only').count()).resolves.toBe(0);
    const rent = sum(await lamportsOf(accounts));
    const report = await recoverVacant(s.page);
    expect(report.kind).toBe('success');
    expect(s.wallet.approvals).toEqual([{ op: 'signTransaction', count: 1 }]);
    // The relayer pays and signs first: the transaction's signature is the relayer's, listed in the report.
    const signature = report.signatures[0];
    const fee = await feesOf([signature]);
    expect(await balance(s)).toBe(rent - fee - serviceFee(rent));
  });
});

test('a wallet with solana:signIn: the queue takes one request (no sign-in); a delegated transfer signs in', async () => {
  const s = await open('signIn');
  const { manifest } = await post('localnet/fund', { owner: s.owner });
  await connect(s);
  const three = manifest.cnfts.filter((c: any) => !c.delegate).slice(0, 3);
  for (const c of three) await cnftCard(s.page, c.assetId).click();
  await s.page.getByTestId('cnft-trash-selected').click();
  const modal = s.page.getByTestId('queue-modal');
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
  await modal.locator('[data-state="complete"]').waitFor({ timeout: 120_000 });
  await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('3');
  const trashWallet = server.app.config.trashWallet;
  for (const c of three)
    expect((await server.app.das.call<any>('getAsset', { id: c.assetId })).ownership.owner).toBe(trashWallet);
  expect(s.wallet.approvals).toEqual([{ op: SEND, count: 3 + 1 }]); // one request: 3 delegations + the memo
  await modal.getByRole('button', { name: QUEUE_MODAL.close, exact: true }).click();
  await modal.waitFor({ state: 'detached' });

  // The delegated transfer still authorises by signing in (PRODUCT difference 11): this page's own domain.
  const delegated = manifest.cnfts.find((c: any) => c.delegate);
  await cnftCard(s.page, delegated.assetId).getByTestId('cnft-delegated').click();
  const dialog = s.page.getByTestId('delegated-modal');
  await dialog
    .getByTestId('delegated-delegate')
    .filter({ hasText: server.app.delegate!.publicKey.toBase58() })
    .waitFor();
  await dialog.getByRole('button', { name: DELEGATED_MODAL.transfer }).click();
  await dialog.getByText(DELEGATED_MODAL.success).waitFor({ timeout: 60_000 });
  expect(s.wallet.approvals.slice(1)).toEqual([{ op: 'signIn', count: 1 }]);
  const signedIn = parseAuthMessage(s.wallet.log.find((l) => l.op === 'signIn')!.message!.toString());
  expect(signedIn).toMatchObject({
    domain: new URL(server.url).host,
    action: 'delegated-transfer',
    assetIds: [delegated.assetId],
  });
  expect((await server.app.das.call<any>('getAsset', { id: delegated.assetId })).ownership.owner).toBe(trashWallet);
});
