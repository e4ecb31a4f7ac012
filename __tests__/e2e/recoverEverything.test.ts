// "Recover everything" in real Chromium (docs/PRODUCT.md#recover-everything) on the whole-wallet fixture (demo profile,
// an empty wrapped-SOL account, two approvals), with a send-only wallet and a Phantom-like guarded one (Lighthouse
// assertions added to what it sends): one plan grouped by kind, an item unticked, one review with a line per kind and
// the later step, ONE wallet request; the owner's change equals the review's figure to the lamport; then the lookup
// table's close, offered once its cooldown has passed, with the time until then. Each wallet does the first step at
// one width and the second at the other (1280 and 390 px). Screenshots in .tmp/.
import fs from 'fs';
import path from 'path';
import { RECOVER_EVERYTHING, RECOVERY_SECTION } from '../../src/common/texts/recoveryTexts';
import { recoveryKindName } from '../../src/common/texts/recoverySourceTexts';
import { exactSol } from '../../src/chain/format';
import { answerReview } from './burnSupport';
import { seriousViolations } from './support/axe';
import { lamportsOf } from '../support/lamports';
import { browserSuite, VIEWPORTS, type ViewportName } from './support/suite';
import { WALLET_KINDS, type WalletFeature, type WalletGuard } from './support/testWallet';
import { GUARDS, GUARDED_FEATURES } from './support/walletGuards';
import { makeWholeWallet } from '../support/wholeWallet';
import { until } from '../support/until';

jest.setTimeout(240_000);
const suite = browserSuite({}, async (s) => {
  await s.post('localnet/fund', { owner: s.server.app.config.feeWallet }); // exists on a real cluster
});
const SHOTS = path.join(__dirname, '..', '..', '.tmp');

const WALLETS: Record<string, { features: readonly WalletFeature[]; guard?: WalletGuard; first: ViewportName }> = {
  sendOnly: { features: WALLET_KINDS.sendOnly, first: 'desktop' },
  guarded: { features: GUARDED_FEATURES.guarded, guard: GUARDS.guarded, first: 'phone' },
};

const ALL_KINDS = ['vacant', 'surplus', 'wrappedSol', 'closableMint', 'approval', 'stake', 'programBuffer', 'nonce'];

describe.each(Object.keys(WALLETS))('%s wallet', (name) => {
  it('recovers the whole wallet in one request, then closes the lookup table in the offered second step', async () => {
    const { features, guard, first } = WALLETS[name];
    const second: ViewportName = first === 'desktop' ? 'phone' : 'desktop';
    const { page, wallet, owner, manifest } = await suite.session({
      profile: 'demo',
      connect: false,
      viewport: first,
      wallet: { name: `${name} Wallet`, features, ...(guard ? { guard } : {}) },
    });
    await makeWholeWallet(suite.connection, wallet.keypair, manifest);
    await suite.connect(page, wallet);
    const section = page.getByTestId('recover-everything');
    const button = section.getByTestId('recover-everything-button');
    await button.waitFor({ timeout: 60_000 });
    const kinds = await section
      .getByTestId('everything-kind')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind));
    expect(kinds).toEqual(expect.arrayContaining([...ALL_KINDS, 'lookupTable']));

    // Each item can be unticked: the nonce account is kept, and the button's figure drops by its balance.
    const nonce = manifest.recovery.nonce;
    const [nonceLamports] = await lamportsOf(suite.connection, [nonce]);
    const total = Number(await button.getAttribute('data-lamports'));
    await section.locator('[data-testid="everything-kind"][data-kind="nonce"] summary').click();
    await section.getByLabel(`${recoveryKindName('nonce')} ${nonce}`).uncheck();
    expect(Number(await button.getAttribute('data-lamports'))).toBe(total - nonceLamports);
    fs.mkdirSync(SHOTS, { recursive: true });
    await section.screenshot({ path: path.join(SHOTS, `recover-everything-${name}-${VIEWPORTS[first].width}.png`) });
    expect(await seriousViolations(page, '[data-testid="recover-everything"]')).toEqual([]);

    const [before] = await lamportsOf(suite.connection, [owner]);
    await button.click();
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    // One line per kind (back, service fee, network fee); the unticked nonce and the table's later close named.
    const perKind = dialog.getByTestId('review-per-kind');
    expect(Number(await perKind.getAttribute('data-count'))).toBeGreaterThanOrEqual(ALL_KINDS.length);
    await expect(dialog.getByTestId('review-left-alone').textContent()).resolves.toContain(RECOVER_EVERYTHING.unticked);
    await expect(dialog.getByTestId('review-later').textContent()).resolves.toContain(
      RECOVER_EVERYTHING.tableLater(513),
    );
    const review = await answerReview(page);
    const done = section.locator('[data-testid="everything-message"][data-status="done"]');
    await done.waitFor({ timeout: 120_000 });
    expect(wallet.approvals).toHaveLength(1); // ONE wallet request for the whole plan
    const [after] = await lamportsOf(suite.connection, [owner]);
    expect(after - before).toBe(review.solChange); // the figure shown before signing is the chain's change
    expect(review.simulated).toBe(review.solChange);
    await expect(done.textContent()).resolves.toMatch(RECOVERY_SECTION.done(exactSol(after - before), '').slice(0, -1));
    expect(await lamportsOf(suite.connection, [nonce])).toEqual([nonceLamports]);
    const emptied = [manifest.recovery.buffer, manifest.recovery.stakeInactive, manifest.wrappedSol.account];
    expect(await lamportsOf(suite.connection, emptied)).toEqual([0, 0, 0]);

    // The table cools down: the page says how long until its close, then offers it once the slots have passed.
    const table = section.getByTestId('everything-table');
    await until(async () => (await table.getAttribute('data-state')) === 'cooling-down');
    const slots = Number(await table.getByTestId('everything-ready-in').getAttribute('data-slots'));
    expect(slots).toBeGreaterThan(500);
    const chain = suite.server.app.localnet!.chain;
    for (let i = 0; i <= slots + 2; i++) chain.advanceSlot();
    await page.setViewportSize(VIEWPORTS[second]);
    await section.getByRole('button', { name: RECOVERY_SECTION.refresh }).click();
    const close = section.getByTestId('everything-close-table');
    await close.waitFor({ timeout: 60_000 });
    await section.screenshot({ path: path.join(SHOTS, `recover-everything-${name}-${VIEWPORTS[second].width}.png`) });
    expect(await seriousViolations(page, '[data-testid="recover-everything"]')).toEqual([]);
    const [tableLamports, beforeClose] = await lamportsOf(suite.connection, [manifest.recovery.lookupTable, owner]);
    await close.click();
    const closing = await answerReview(page);
    expect(closing.rent).toBe(tableLamports);
    await until(async () => (await lamportsOf(suite.connection, [manifest.recovery.lookupTable]))[0] === 0);
    await section.locator('[data-testid="everything-message"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(wallet.approvals).toHaveLength(2);
    const [afterClose] = await lamportsOf(suite.connection, [owner]);
    expect(afterClose - beforeClose).toBe(closing.solChange);
  });
});
