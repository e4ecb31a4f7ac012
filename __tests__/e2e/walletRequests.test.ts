// Through the wallet's own guard, where it matters most (docs/PRODUCT.md, "One transaction at a time" and "What each
// transaction does"): the large wallet's 200 closes with a guarded wallet (ONE approval, exact lamports)
// and a batch-refusing one (one refused request, then one per transaction, progress on screen, the step finishes),
// and a Stop part-way through a bulk burn that reports exactly what landed; one at a time, an approval that outlasted
// its blockhash is asked once more with a fresh one and nothing is lost. The progress and its Stop are looked at at
// 1280 and 390 px and checked with axe. walletKinds.test.ts runs every other flow with each of these wallets.
import fs from 'fs';
import path from 'path';
import type { Connection } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { NATIVE_MINT } from '../../src/common/addresses';
import { exactSol } from '../../src/chain/format';
import { ONE_AT_A_TIME, SELECTION, VACANT_CONTINUE, vacantSuccessReport } from '../../src/common/texts';
import { answerReview } from './burnSupport';
import { seriousViolations } from './support/axe';
import { ROOT } from './support/buildBundle';
import { lamportsOf as readLamports } from '../support/lamports';
import { type Session, browserSuite } from './support/suite';
import { approvalSignatures } from './support/testWallet';
import { recoverVacant } from './support/vacantReport';
import { GUARDS, GUARDED_FEATURES, type GuardedKind } from './support/walletGuards';
import { feesOf as chainFees, takenBy } from './support/chainFigures';

jest.setTimeout(300_000);
const SHOTS = path.join(ROOT, '.tmp', 'e2e-wallet-requests');
const SEND_ALL = 'signAndSendAllTransactions';

let connection: Connection;
const suite = browserSuite({}, async (s) => {
  connection = s.connection;
  await s.post('localnet/fund', { owner: s.server.app.config.feeWallet }); // exists on a real cluster
  fs.mkdirSync(SHOTS, { recursive: true });
});
const lamportsOf = (addresses: string[]) => readLamports(connection, addresses, 'confirmed');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A session with one of the guarded wallets; `approve` may hold an approval (count: its transactions). */
function open(kind: GuardedKind, profile: 'demo' | 'large' | null, approve?: (count: number) => Promise<boolean>) {
  return suite.session({
    profile,
    connect: false,
    wallet: {
      name: `${kind} Wallet`,
      features: GUARDED_FEATURES[kind],
      guard: GUARDS[kind],
      ...(approve ? { approve: (op, _detail, count) => (op === 'connect' ? true : approve(count)) } : {}),
    },
  });
}

const feesOf = (signatures: string[]) => chainFees(connection, signatures);
/** What each transaction took from accounts other than the owner's, as the chain recorded it. */
const returnedBy = async (owner: string, signatures: string[]) => {
  const out: number[] = [];
  for (const signature of signatures) out.push(sum([...(await takenBy(connection, owner, signature)).values()]));
  return out;
};

/** Every signature the wallet sent, in order of its approvals. */
const sentSignatures = (s: Session) => s.wallet.approvals.flatMap((_, i) => approvalSignatures(s.wallet, i));

/** The large wallet: the banner can take a while beside 1,000 tokens and 1,300 NFTs; Retry as a user would. */
async function bannerShown(page: Page) {
  for (const end = Date.now() + 150_000; !(await page.getByTestId('vacant-banner').isVisible());) {
    if (await page.getByTestId('rent-retry').isVisible()) await page.getByTestId('rent-retry').click();
    if (Date.now() > end) throw new Error('the vacant banner never showed');
    await page.waitForTimeout(250);
  }
}

/**
 * The large wallet's 200 closes, as vacant.test.ts: closes only. With the surplus they are 66 server-built
 * transactions, and their guard and review outlast the server's blockhash on a loaded machine, with any wallet.
 */
async function recoverLarge(s: Session) {
  const closing: string[] = s.manifest.emptyAccounts.map((a: any) => a.account);
  expect(closing).toHaveLength(200);
  await suite.connect(s.page, s.wallet);
  await bannerShown(s.page);
  await s.page.getByTestId('vacant-withdraw-surplus').uncheck();
  const feeWallet = suite.server.app.config.feeWallet;
  const [before, feeBefore] = await lamportsOf([s.owner, feeWallet]);
  const report = await recoverVacant(s.page, { timeout: 240_000 });
  expect(report.text).toMatch(/^Closed 200 empty token accounts: /); // not a stop part-way
  expect(report.kind).toBe('success');
  const signatures = sentSignatures(s);
  expect([...report.signatures].sort()).toEqual([...signatures].sort());
  expect(sum(await lamportsOf(closing))).toBe(0);
  const returned = await returnedBy(s.owner, signatures);
  const fees = await feesOf(signatures);
  const [after, feeAfter] = await lamportsOf([s.owner, feeWallet]);
  // The 1 % service fee per transaction, the network fees as charged (a priority fee the wallet added included).
  const fee = sum(returned.map((r) => serviceFee(r)));
  expect(feeAfter - feeBefore).toBe(fee);
  expect(after - before).toBe(sum(returned) - fee - fees);
  expect(report.text).toBe(vacantSuccessReport(200, exactSol(after - before)));
  return { report, signatures };
}

/** Four demo fundings, connected, 20 token cards selected for a bulk burn: their token accounts. */
async function selectTwentyTokens(s: Session): Promise<string[]> {
  const manifests: any[] = [];
  for (let i = 0; i < 4; i++) manifests.push(await suite.fund(s.owner, 'demo'));
  await suite.connect(s.page, s.wallet);
  const tokens = manifests
    .flatMap((m) => m.tokens)
    .filter((t: any) => t.mint !== NATIVE_MINT)
    .slice(0, 20);
  expect(tokens).toHaveLength(20);
  for (const t of tokens) {
    const card = s.page.locator(`[data-testid="token-card"][data-mint="${t.mint}"]`);
    await card.waitFor({ timeout: 60_000 });
    for (let attempt = 0; (await card.getAttribute('aria-pressed')) !== 'true'; attempt++) {
      if (attempt > 3) throw new Error(`could not select ${t.mint}`);
      await card.press('Enter');
    }
  }
  return tokens.map((t: any) => t.account);
}

test('guarded wallet, large wallet: 200 closes in ONE approval; the report is the chain’s change', async () => {
  const s = await open('guarded', 'large');
  const { signatures } = await recoverLarge(s);
  expect(s.wallet.approvals).toEqual([{ op: SEND_ALL, count: signatures.length }]);
  expect(s.wallet.refused).toEqual([]);
  // What landed carries the wallet's additions (the Lighthouse stand-in ran), and the screen shows the chain's figure.
  for (const entry of s.wallet.log.filter((l) => l.tx))
    expect(entry.tx!.message.staticAccountKeys.map((k) => k.toBase58())).toContain(
      'L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95',
    );
});

test('batch-refusing wallet, large wallet: one refused request, then one per transaction with progress; 200 closes', async () => {
  const s = await open('batchRefusing', 'large');
  // Every "Approve k of n" the page showed, recorded in the page as it changes.
  await s.page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __progress: string[] }).__progress = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="one-at-a-time-progress"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const { signatures } = await recoverLarge(s);
  const n = signatures.length;
  expect(s.wallet.refused).toEqual([{ op: SEND_ALL, count: n, message: expect.stringContaining('Request blocked') }]);
  expect(s.wallet.approvals).toEqual(Array.from({ length: n }, () => ({ op: SEND_ALL, count: 1 })));
  const shown = await s.page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  expect(shown).toEqual(Array.from({ length: n }, (_, k) => ONE_AT_A_TIME.progress(k + 1, n)));
  await s.page.getByTestId('one-at-a-time').waitFor({ state: 'detached' }); // gone once the step finished
});

test('batch-refusing wallet, large wallet: the server-built blockhash runs out at approval 2; the rest is prepared again and all 200 close', async () => {
  let singles = 0;
  // While the user looks at approval 2, every blockhash issued so far expires (as a slow approval on a busy machine):
  // the server's transactions 2.. can no longer land, and only a fresh prepare can go on.
  const s = await open('batchRefusing', 'large', async (count) => {
    if (count === 1 && ++singles === 2) await suite.post('localnet/faults', { expireBlockhash: true });
    return true;
  });
  await s.page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __continuing: string[] }).__continuing = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="vacant-continuing"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const closing: string[] = s.manifest.emptyAccounts.map((a: any) => a.account);
  await suite.connect(s.page, s.wallet);
  await bannerShown(s.page);
  await s.page.getByTestId('vacant-withdraw-surplus').uncheck();
  const feeWallet = suite.server.app.config.feeWallet;
  const [before, feeBefore] = await lamportsOf([s.owner, feeWallet]);
  const report = await recoverVacant(s.page, { timeout: 240_000 });
  expect(report.kind).toBe('success');
  expect(sum(await lamportsOf(closing))).toBe(0);
  // One refused request; approval 1 landed, approval 2 ran out; then one per transaction of the fresh prepare.
  expect(s.wallet.refused).toHaveLength(1);
  expect(s.wallet.approvals).toEqual(
    Array.from({ length: report.signatures.length + 1 }, () => ({ op: SEND_ALL, count: 1 })),
  );
  const shown = await s.page.evaluate(() => (window as unknown as { __continuing: string[] }).__continuing);
  expect(shown).toEqual([VACANT_CONTINUE.continuing(1, 1)]);
  // The report is the chain's change over both rounds, exact to the lamport.
  const returned = await returnedBy(s.owner, report.signatures);
  const fees = await feesOf(report.signatures);
  const [after, feeAfter] = await lamportsOf([s.owner, feeWallet]);
  const fee = sum(returned.map((r) => serviceFee(r)));
  expect(feeAfter - feeBefore).toBe(fee);
  expect(after - before).toBe(sum(returned) - fee - fees);
  expect(report.text).toBe(vacantSuccessReport(200, exactSol(after - before)));
  expect(s.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('guarded wallet, large wallet: the blockhash runs out during its ONE approval; prepared again, one more approval, all 200 close', async () => {
  let asked = 0;
  // While the user looks at the one request, every blockhash issued so far expires: none of it can land.
  const s = await open('guarded', 'large', async () => {
    if (++asked === 1) await suite.post('localnet/faults', { expireBlockhash: true });
    return true;
  });
  const closing: string[] = s.manifest.emptyAccounts.map((a: any) => a.account);
  await suite.connect(s.page, s.wallet);
  await bannerShown(s.page);
  await s.page.getByTestId('vacant-withdraw-surplus').uncheck();
  const [before] = await lamportsOf([s.owner]);
  const report = await recoverVacant(s.page, { timeout: 240_000 });
  expect(report.kind).toBe('success');
  expect(sum(await lamportsOf(closing))).toBe(0);
  expect(s.wallet.refused).toEqual([]);
  // The first request (nothing landed), then one request for the fresh prepare: never one per transaction.
  expect(s.wallet.approvals).toEqual([
    { op: SEND_ALL, count: report.signatures.length },
    { op: SEND_ALL, count: report.signatures.length },
  ]);
  const returned = await returnedBy(s.owner, report.signatures);
  const fees = await feesOf(report.signatures);
  const [after] = await lamportsOf([s.owner]);
  const fee = sum(returned.map((r) => serviceFee(r)));
  expect(after - before).toBe(sum(returned) - fee - fees);
  expect(report.text).toBe(vacantSuccessReport(200, exactSol(after - before)));
});

test('batch-refusing wallet: Stop during approval 1 of a bulk burn; exactly what landed is reported and moved', async () => {
  let release: () => void = () => undefined;
  let asked!: () => void;
  const firstAsked = new Promise<void>((resolve) => (asked = resolve));
  let singles = 0;
  const s = await open('batchRefusing', null, async (count) => {
    if (count === 1 && ++singles === 1) {
      asked();
      await new Promise<void>((resolve) => (release = resolve));
    }
    return true;
  });
  const accounts = await selectTwentyTokens(s);
  const rents = await lamportsOf(accounts);
  const before = (await lamportsOf([s.owner]))[0];
  await s.page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  await answerReview(s.page);
  await firstAsked;
  const n = s.wallet.refused[0].count;
  expect(n).toBeGreaterThanOrEqual(2); // so a stop after the first leaves some unsent
  const status = s.page.getByTestId('one-at-a-time');
  const progress = (await status.getByTestId('one-at-a-time-progress').textContent())?.trim();
  expect(progress).toBe(ONE_AT_A_TIME.progress(1, n));
  await expect(status.textContent()).resolves.toContain(ONE_AT_A_TIME.why);
  for (const [name, width, height] of [
    ['1280', 1280, 900],
    ['390', 390, 844],
  ] as const) {
    await s.page.setViewportSize({ width, height });
    await s.page.screenshot({ path: path.join(SHOTS, `one-at-a-time-${name}.png`) });
    expect(await seriousViolations(s.page, '[data-testid="one-at-a-time"]')).toEqual([]);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await s.page.setViewportSize({ width: 1280, height: 900 });
  await status.getByRole('button', { name: ONE_AT_A_TIME.stop }).click();
  await status.getByText(ONE_AT_A_TIME.stopping).waitFor();
  release();
  const message = s.page.getByTestId('burn-message');
  await message.filter({ hasText: ONE_AT_A_TIME.stopped(1, n) }).waitFor({ timeout: 90_000 });
  await status.waitFor({ state: 'detached' });
  // Exactly one request of one transaction after the refused one; what it carried landed, nothing else moved.
  expect(s.wallet.approvals).toEqual([{ op: SEND_ALL, count: 1 }]);
  const signatures = sentSignatures(s);
  const after = await lamportsOf(accounts);
  const closed = accounts.filter((_, i) => after[i] === 0);
  const inSent = new Set(
    s.wallet.log.filter((l) => l.tx).flatMap((l) => l.tx!.message.staticAccountKeys.map((k) => k.toBase58())),
  );
  expect(closed.length).toBeGreaterThan(0);
  expect(closed.length).toBeLessThan(20);
  expect(accounts.filter((a) => inSent.has(a))).toEqual(closed);
  accounts.forEach((a, i) => expect(after[i]).toBe(closed.includes(a) ? 0 : rents[i]));
  const rent = sum(rents.filter((_, i) => after[i] === 0));
  const gained = (await lamportsOf([s.owner]))[0] - before;
  expect(gained).toBe(rent - (await feesOf(signatures)));
  // One line says both: why it stopped, and what landed as the chain has it (not the stop replacing the figure).
  await expect(message.textContent()).resolves.toContain(`${exactSol(gained)} SOL returned to your wallet`);
  expect(s.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('batch-refusing wallet: the blockhash runs out during approval 2 of a bulk burn; asked once more, all 20 burned', async () => {
  let singles = 0;
  // While the user looks at approval 2, every blockhash issued so far expires (as a slow approval on a busy machine).
  const s = await open('batchRefusing', null, async (count) => {
    if (count === 1 && ++singles === 2) await suite.post('localnet/faults', { expireBlockhash: true });
    return true;
  });
  const accounts = await selectTwentyTokens(s);
  const rent = sum(await lamportsOf(accounts));
  const before = (await lamportsOf([s.owner]))[0];
  await s.page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  const review = await answerReview(s.page);
  await s.page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 120_000 });
  const n = s.wallet.refused[0].count;
  expect(n).toBeGreaterThanOrEqual(2);
  // One refused request, then one per transaction and one more for the transaction whose blockhash ran out.
  expect(s.wallet.approvals).toEqual(Array.from({ length: n + 1 }, () => ({ op: SEND_ALL, count: 1 })));
  const asked = s.wallet.log.filter((l) => l.tx && (l.approval === 1 || l.approval === 2)).map((l) => l.tx!);
  expect(asked[1].message.recentBlockhash).not.toBe(asked[0].message.recentBlockhash); // approval 3: a fresh one
  // Everything burned, exact to the lamport, the figure shown before the wallet was asked included.
  expect(await lamportsOf(accounts)).toEqual(accounts.map(() => 0));
  const landed: string[] = [];
  for (const signature of sentSignatures(s))
    if ((await connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value?.err === null)
      landed.push(signature);
  expect(landed).toHaveLength(n);
  const fees = await feesOf(landed);
  expect((await lamportsOf([s.owner]))[0] - before).toBe(rent - fees);
  expect(review.solChange).toBe(rent - fees);
  expect(s.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
