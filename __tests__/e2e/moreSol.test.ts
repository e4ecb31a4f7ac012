// "More SOL in your wallet" in real Chromium on the demo wallet (PRODUCT difference 19): the section lists each
// recovery source with its state and what it returns; recovering goes through the review dialog and one approval,
// and the owner's SOL change equals the review's figure to the lamport; the lookup table's two phases (deactivate,
// then close once its deactivation slot has left the slot hashes). Screenshots at 1280 and 390 px in .tmp/.
import fs from 'fs';
import path from 'path';
import { PublicKey } from '@solana/web3.js';
import { answerReview } from './burnSupport';
import { seriousViolations } from './support/axe';
import { lamportsOf } from '../support/lamports';
import { browserSuite, VIEWPORTS } from './support/suite';
import { mintsClosableBy } from '../support/closableMints';
import { until } from '../support/until';
import { ASSETS_SCREEN, GUARD, RENT } from '../../src/common/texts';
import { RECOVERY_SECTION, recoveredParts } from '../../src/common/texts/recoveryTexts';
import { recoveryKindName } from '../../src/common/texts/recoverySourceTexts';
import { exactSol } from '../../src/chain/format';
import { swapVaultOf } from '../../src/chain/recovery/pumpLayouts';
import { readV2Indexer } from '../../src/chain/recovery/sources/openbookV2/layout';

const suite = browserSuite();
const SHOTS = path.join(__dirname, '..', '..', '.tmp');

it('lists the sources, recovers them through the review, and closes the table after its cooldown', async () => {
  const { page, owner, manifest, wallet } = await suite.session({ profile: 'demo' });
  const r = manifest.recovery;
  // The demo's Token-2022 mint names the wallet as close authority and nothing is minted (read from the chain).
  const ownedMints = manifest.ownedMints.map((m: { mint: string }) => m.mint);
  const [mint] = await mintsClosableBy(suite.connection, new PublicKey(owner), ownedMints);
  const section = page.getByTestId('more-sol');
  await section.waitFor({ timeout: 60_000 });
  const rows = section.getByTestId('recovery-source');
  await until(async () => (await rows.count()) === 11);
  const kinds = await rows.evaluateAll((els) => els.map((e) => `${e.dataset.kind}:${e.dataset.state}`));
  expect(kinds.sort()).toEqual(
    [
      'closableMint:ready',
      'lookupTable:deactivate-first',
      'nonce:ready',
      'openbookV1:ready',
      'openbookV2:ready',
      'programBuffer:ready',
      'stake:ready',
      'stake:ready',
      'wrappedSol:ready',
      'pumpCreatorFee:ready',
      'pumpVolumeAccumulator:ready',
    ].sort(),
  );
  await expect(section.getByTestId('recovery-refused').count()).resolves.toBe(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  await section.screenshot({ path: path.join(SHOTS, 'more-sol-1280.png') });
  expect(await seriousViolations(page, '[data-testid="more-sol"]')).toEqual([]);

  // Assume the server lies: it builds a withdrawal of the nonce account the owner did not tick. The page's guard reads
  // the chain, refuses before any review or wallet request, and nothing moves.
  await page.route('**/api/prepare-recovery', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, accounts: [...body.accounts, r.nonce] }) });
  });
  const nonceBefore = (await lamportsOf(suite.connection, [r.nonce]))[0];
  await section.getByTestId('recovery-recover').click();
  const refused = section.locator('[data-testid="recovery-message"][data-status="failed"]');
  await refused.waitFor({ timeout: 60_000 });
  await expect(refused.textContent()).resolves.toBe(GUARD.mismatch);
  expect(await page.getByTestId('review-dialog').count()).toBe(0);
  expect(wallet.approvals).toHaveLength(0);
  expect(await lamportsOf(suite.connection, [r.nonce])).toEqual([nonceBefore]);
  await page.unroute('**/api/prepare-recovery');

  // The nonce account, the table, the closable mint and the wrapped SOL are left alone unless ticked: tick all four.
  await expect(section.getByTestId('recovery-recover').textContent()).resolves.toBe('Recover from 7 selected');
  await section.getByLabel(`Nonce account ${r.nonce}`).check();
  await section.getByLabel(`Lookup table ${r.lookupTable}`).check();
  await section.getByLabel(`${recoveryKindName('closableMint')} ${mint}`).check();
  await section.getByLabel(`${recoveryKindName('wrappedSol')} ${manifest.wrappedSol.account}`).check();
  await expect(section.getByTestId('recovery-recover').textContent()).resolves.toBe('Recover from 11 selected');
  // The v2 index's own account closes with it (the index lists it).
  const indexed = await suite.connection.getAccountInfo(new PublicKey(r.sources.openbookV2[0]));
  const openOrders = readV2Indexer(indexed!.data)!;
  const before = (await lamportsOf(suite.connection, [owner]))[0];
  // The inactive stake account's principal: its balance above the rent reserve its own data records (Meta's
  // rent_exempt_reserve, bytes 4..12: solana-program stake/state.rs), the owner's own SOL, not rent.
  const stake = (await suite.connection.getAccountInfo(new PublicKey(r.stakeInactive)))!;
  // With it, the wrapped SOL's own amount (the token account's amount, bytes 64..72): the owner's SOL too, not rent.
  const wsol = (await suite.connection.getAccountInfo(new PublicKey(manifest.wrappedSol.account)))!;
  const principal = stake.lamports - Number(stake.data.readBigUInt64LE(4)) + Number(wsol.data.readBigUInt64LE(64));
  expect(principal).toBeGreaterThan(0);
  // The Pump rewards: the creator vault's and the volume accumulator's lamports above today's rent minimum, and the
  // PumpSwap vault's wrapped SOL, forwarded into the creator vault first (the programs pay out exactly those:
  // pump-public-docs, COLLECT_CREATOR_FEE.md, CREATOR_FEE_SHARING.md and PUMP_CASHBACK_README.md).
  const pumpAccounts = [...r.sources.pumpCreatorFee, ...r.sources.pumpVolumeAccumulator];
  const pumpInfos = await Promise.all(
    pumpAccounts.map((a: string) => suite.connection.getAccountInfo(new PublicKey(a))),
  );
  let rewards = 0;
  for (const info of pumpInfos)
    rewards += info!.lamports - (await suite.connection.getMinimumBalanceForRentExemption(info!.data.length));
  const swapVault = (await suite.connection.getAccountInfo(new PublicKey(swapVaultOf(owner))))!;
  rewards += Number(swapVault.data.readBigUInt64LE(64));
  expect(rewards).toBe(12_540_640 + 7_800_000 + 4_999_920);
  await section.getByTestId('recovery-recover').click();
  const review = await answerReview(page);
  await until(() => wallet.approvals.length === 1); // one approval for everything
  expect(review.simulated).toBe(review.solChange);
  expect(review.principal).toBe(principal); // shown apart, never inside "Rent back"
  expect(review.rewards).toBe(rewards); // claimed rewards too
  const done = section.locator('[data-testid="recovery-message"][data-status="done"]');
  await done.waitFor({ timeout: 60_000 });
  const after = (await lamportsOf(suite.connection, [owner]))[0];
  expect(after - before).toBe(review.solChange); // every figure shown before signing equals the chain's change
  // The report: the wallet's gain as the chain has it, the owner's own SOL and the rewards named apart from the rent,
  // the fees.
  const parts = recoveredParts(
    exactSol(review.rent),
    exactSol(principal),
    exactSol(rewards),
    exactSol(review.serviceFee),
    exactSol(review.rent + principal + rewards - review.serviceFee - (after - before)),
  );
  await expect(done.textContent()).resolves.toBe(RECOVERY_SECTION.done(exactSol(after - before), parts));
  expect(review.rent + principal + rewards - review.serviceFee - review.networkFee).toBe(after - before); // they add up
  const emptied = [
    r.buffer,
    r.stakeInactive,
    r.nonce,
    mint,
    manifest.wrappedSol.account,
    ...openOrders,
    ...r.sources.openbookV1,
    ...r.sources.openbookV2,
  ];
  emptied.push(...r.sources.pumpVolumeAccumulator);
  expect(await lamportsOf(suite.connection, emptied)).toEqual(emptied.map(() => 0));
  // The Pump creator vault stays open at today's rent minimum, for the fees to come.
  expect(await lamportsOf(suite.connection, r.sources.pumpCreatorFee)).toEqual([
    await suite.connection.getMinimumBalanceForRentExemption(0),
  ]);

  // Phase two: the table cools down, with the slots left shown; once they have passed it can be closed.
  const table = section.locator(`[data-testid="recovery-source"][data-kind="lookupTable"]`);
  await until(async () => (await table.getAttribute('data-state')) === 'cooling-down');
  const slotsLeft = Number(await table.getByTestId('recovery-ready-in').getAttribute('data-slots'));
  expect(slotsLeft).toBeGreaterThan(500);
  const chain = suite.server.app.localnet!.chain;
  // "about N min" uses the slot time the server measured (getRecentPerformanceSamples): one more 60-second sample
  // of 120 slots on the local chain, then the page's own answer says which slot time its text must use.
  let answered: { slotMs?: number | null } = {};
  await page.route('**/api/recoverable/**', async (route) => {
    const response = await route.fetch();
    answered = await response.json();
    await route.fulfill({ response, json: answered });
  });
  chain.performance.record(chain.slot(), chain.statuses.size, 60);
  for (let i = 0; i < 120; i++) chain.advanceSlot();
  chain.performance.record(chain.slot(), chain.statuses.size, 60);
  await section.getByRole('button', { name: 'Check again' }).click();
  const readyIn = table.getByTestId('recovery-ready-in');
  await until(async () => {
    if (!answered.slotMs) return false;
    const slots = Number(await readyIn.getAttribute('data-slots'));
    return (await readyIn.textContent()) === RECOVERY_SECTION.readyIn(slots, answered.slotMs, true);
  });
  await page.unroute('**/api/recoverable/**');
  for (let i = 0; i <= slotsLeft + 2; i++) chain.advanceSlot(); // (120 of them have passed already)
  await section.getByRole('button', { name: 'Check again' }).click();
  await until(async () => (await table.getAttribute('data-state')) === 'ready');
  const tableLamports = (await lamportsOf(suite.connection, [r.lookupTable]))[0];
  await section.getByLabel(`Lookup table ${r.lookupTable}`).check();
  await section.getByTestId('recovery-recover').click();
  const second = await answerReview(page);
  expect(second.rent).toBe(tableLamports);
  await until(async () => (await lamportsOf(suite.connection, [r.lookupTable]))[0] === 0);
  // The list is read again after the recovery: the closed table is gone from it.
  await until(async () => (await table.count()) === 0);

  // The deactivation is remembered in the persisted activity.
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  expect(stored).toContain('table-deactivated');
  await page.setViewportSize(VIEWPORTS.phone);
  await section.screenshot({ path: path.join(SHOTS, 'more-sol-390.png') });
  expect(await seriousViolations(page, '[data-testid="more-sol"]')).toEqual([]);
}, 180_000);

it('the read-only check of an address lists the same sources with the chain’s figures, nothing to tick; a refused scan says so', async () => {
  const { context, page, owner, manifest } = await suite.session({ profile: 'demo', connect: false });
  const r = manifest.recovery;
  const check = async (p: typeof page) => {
    await p.goto(suite.url);
    await p.getByPlaceholder(ASSETS_SCREEN.checkPlaceholder).fill(owner);
    await p.getByRole('button', { name: ASSETS_SCREEN.checkButton }).click();
    const part = p.getByTestId('check-more-sol');
    await part.waitFor({ timeout: 60_000 });
    return part;
  };
  const part = await check(page);
  const rows = part.getByTestId('recovery-source');
  await until(async () => (await rows.count()) === 11);
  const ownedMints = manifest.ownedMints.map((m: { mint: string }) => m.mint);
  const [mint] = await mintsClosableBy(suite.connection, new PublicKey(owner), ownedMints);
  // Whole balances come back from the never-delegated stake, the buffer, the nonce, the closable mint, the wrapped SOL,
  // the empty OpenBook v1 account, (after its close) the table and the Pump volume accumulator (cashback and rent).
  const shown = async (address: string) =>
    Number(
      await part
        .locator(`[data-testid="recovery-source"]:has([title="${address}"]) .recovery-returns`)
        .getAttribute('data-lamports'),
    );
  const wholes = [
    r.stakeInactive,
    r.buffer,
    r.nonce,
    r.lookupTable,
    mint,
    manifest.wrappedSol.account,
    ...r.sources.openbookV1,
  ];
  wholes.push(...r.sources.pumpVolumeAccumulator);
  expect(await Promise.all(wholes.map(shown))).toEqual(await lamportsOf(suite.connection, wholes));
  expect(await part.getByRole('checkbox').count()).toBe(0);
  expect(await page.getByRole('button', { name: /Recover|Burn|Trash|Confirm/ }).count()).toBe(0);
  expect(await seriousViolations(page, '[data-testid="check-more-sol"]')).toEqual([]);

  // A provider that refuses the stake scan: the real answer with that scan refused (as recoveryUpstream.test.ts
  // shows the server answers it) reads "Not checked on this provider", never a zero.
  const refusedPage = await context.newPage();
  await refusedPage.setViewportSize(VIEWPORTS.phone);
  await refusedPage.route('**/api/recoverable/**', async (route) => {
    const answer = await (await route.fetch()).json();
    answer.scans.stake = 'refused';
    answer.sources = answer.sources.filter((s: { kind: string }) => s.kind !== 'stake');
    await route.fulfill({ json: answer });
  });
  // The same provider refusing the Core asset lookup (DAS and getProgramAccounts, as coreAssetsUpstream.test.ts shows
  // the server answers it): the estimate says Core assets were not checked.
  await refusedPage.route('**/api/rent-estimate/**', async (route) => {
    const answer = await (await route.fetch()).json();
    expect(answer.data.coreAssetsScan).toBe('ok'); // the local indexer answers it
    answer.data.coreAssetsScan = 'refused';
    await route.fulfill({ json: answer });
  });
  const refusedPart = await check(refusedPage);
  const refused = refusedPart.getByTestId('recovery-refused').locator('li[data-kind="stake"]');
  await refused.waitFor();
  await expect(refused.textContent()).resolves.toBe(`${recoveryKindName('stake')}: ${RECOVERY_SECTION.notChecked}`);
  const coreNote = refusedPage.getByTestId('check-estimate').getByTestId('rent-core-not-checked');
  await coreNote.waitFor();
  await expect(coreNote.textContent()).resolves.toBe(RENT.coreNotChecked);
  await expect(page.getByTestId('rent-core-not-checked').count()).resolves.toBe(0); // answered: nothing said
  fs.mkdirSync(SHOTS, { recursive: true });
  await refusedPart.screenshot({ path: path.join(SHOTS, 'more-sol-check-390.png') });
}, 120_000);
