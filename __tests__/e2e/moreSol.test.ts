// "More SOL in your wallet" in real Chromium on the demo wallet (PRODUCT difference 17): the section lists each
// recovery source with its state and what it returns; recovering goes through the review dialog and one approval,
// and the owner's SOL change equals the review's figure to the lamport; the lookup table's two phases (deactivate,
// then close once its deactivation slot has left the slot hashes). Screenshots at 1280 and 390 px in .tmp/.
import fs from 'fs';
import path from 'path';
import { answerReview } from './burnSupport';
import { lamportsOf } from './support/lamports';
import { browserSuite, VIEWPORTS } from './support/suite';
import { until } from '../support/until';

const suite = browserSuite();
const SHOTS = path.join(__dirname, '..', '..', '.tmp');

it('lists the sources, recovers them through the review, and closes the table after its cooldown', async () => {
  const { page, owner, manifest } = await suite.session({ profile: 'demo' });
  const r = manifest.recovery;
  const section = page.getByTestId('more-sol');
  await section.waitFor({ timeout: 60_000 });
  const rows = section.getByTestId('recovery-source');
  await until(async () => (await rows.count()) === 5);
  const kinds = await rows.evaluateAll((els) => els.map((e) => `${e.dataset.kind}:${e.dataset.state}`));
  expect(kinds.sort()).toEqual(
    ['lookupTable:deactivate-first', 'nonce:ready', 'programBuffer:ready', 'stake:ready', 'stake:ready'].sort(),
  );
  await expect(section.getByTestId('recovery-refused').count()).resolves.toBe(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  await section.screenshot({ path: path.join(SHOTS, 'more-sol-1280.png') });

  // The nonce account and the table are left alone unless ticked: tick both.
  await section.getByLabel(`Nonce account ${r.nonce}`).check();
  await section.getByLabel(`Lookup table ${r.lookupTable}`).check();
  await expect(section.getByTestId('recovery-recover').textContent()).resolves.toBe('Recover from 5 selected');
  const before = (await lamportsOf(suite.connection, [owner]))[0];
  await section.getByTestId('recovery-recover').click();
  const review = await answerReview(page);
  expect(review.simulated).toBe(review.solChange);
  await section.getByTestId('recovery-message').waitFor({ timeout: 60_000 });
  await expect(section.getByTestId('recovery-message').getAttribute('data-status')).resolves.toBe('done');
  const after = (await lamportsOf(suite.connection, [owner]))[0];
  expect(after - before).toBe(review.solChange); // every figure shown before signing equals the chain's change
  expect(await lamportsOf(suite.connection, [r.buffer, r.stakeInactive, r.nonce])).toEqual([0, 0, 0]);

  // Phase two: the table cools down, with the slots left shown; once they have passed it can be closed.
  const table = section.locator(`[data-testid="recovery-source"][data-kind="lookupTable"]`);
  await until(async () => (await table.getAttribute('data-state')) === 'cooling-down');
  const slotsLeft = Number(await table.getByTestId('recovery-ready-in').getAttribute('data-slots'));
  expect(slotsLeft).toBeGreaterThan(500);
  const chain = suite.server.app.localnet!.chain;
  for (let i = 0; i <= slotsLeft + 2; i++) chain.advanceSlot();
  await section.getByRole('button', { name: 'Check again' }).click();
  await until(async () => (await table.getAttribute('data-state')) === 'ready');
  const tableLamports = (await lamportsOf(suite.connection, [r.lookupTable]))[0];
  await section.getByLabel(`Lookup table ${r.lookupTable}`).check();
  await section.getByTestId('recovery-recover').click();
  const second = await answerReview(page);
  expect(second.rent).toBe(tableLamports);
  await until(async () => (await lamportsOf(suite.connection, [r.lookupTable]))[0] === 0);

  // The deactivation is remembered in the persisted activity.
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  expect(stored).toContain('table-deactivated');
  await page.setViewportSize(VIEWPORTS.phone);
  await section.screenshot({ path: path.join(SHOTS, 'more-sol-390.png') });
}, 180_000);
