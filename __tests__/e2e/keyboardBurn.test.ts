// A single token burn with the keyboard alone, in real Chromium at 1280 px and 390×844: Tab to the bulk switch, Space
// turns it off, Tab to a token card's own Burn button, Enter opens the review, Tab + Enter confirms. The wallet's
// change is the rent less the network fee, and focus lands on the next card's Burn button, not on <body>. Failed
// before the fix: the card's key handler swallowed Enter on its child button, and the burned card took focus with it.
import type { Page } from 'playwright-core';
import { ASSETS, ASSETS_SCREEN } from '../../src/common/texts';
import { networkFee } from './burnSupport';
import { seriousViolations } from './support/axe';
import { VIEWPORT_NAMES, sum, screenHarness } from './screenSupport';
import { until } from '../support/until';
import { localTokenPriceUsd } from '../../backend/localnet/prices';

const h = screenHarness();

const focusInfo = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const card = el?.closest<HTMLElement>('[data-testid="token-card"]');
    return { tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '', mint: card?.dataset.mint ?? '' };
  });

/** Presses Tab until `ok` says focus is where it should be (at most `max` presses): the keyboard's own way there. */
async function tabTo(page: Page, ok: (f: Awaited<ReturnType<typeof focusInfo>>) => boolean, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (ok(await focusInfo(page))) return;
  }
  throw new Error('Tab never reached the control');
}

describe.each(VIEWPORT_NAMES)('at %s', (viewport) => {
  test('keyboard alone: bulk mode off, Burn on a token card, review, confirm; focus goes to the next card', async () => {
    const { page, wallet, manifest } = await h.session(viewport);
    const cards = page.getByTestId('token-card');
    await cards.first().waitFor({ timeout: 30_000 });

    // Bulk mode off with the keyboard (the switch is a checkbox: Space toggles it).
    const toggle = page.getByTestId('bulk-mode-toggle').locator('input');
    await toggle.focus();
    await page.keyboard.press('Space');
    await until(async () => !(await toggle.isChecked()), 5_000, 'bulk mode off');

    // The first card with a plain Burn button (no unwrap, no frozen label) and no price, reached with Tab. A priced
    // token may be the valuable one (Sample Gold), whose review keeps Confirm off until the value box is ticked; the
    // list's order is the chain's, which differs run to run, so the card is chosen by the local price feed too.
    const mints: string[] = await cards.evaluateAll(
      (els, label) =>
        els
          .filter((el) => el.querySelector('.burn-button')?.textContent === label)
          .map((el) => (el as HTMLElement).dataset.mint!),
      ASSETS.burnButton,
    );
    const unpriced = (mint: string) => {
      const t = manifest.tokens.find((x: any) => x.mint === mint);
      return !!t && localTokenPriceUsd(mint, { symbol: t.symbol, updateAuthority: 'faucet' }, 'faucet') === undefined;
    };
    const target = mints.find(unpriced)!;
    const token = manifest.tokens.find((t: any) => t.mint === target);
    expect(token).toBeDefined();
    await tabTo(page, (f) => f.mint === target && f.tag === 'BUTTON' && f.text === ASSETS.burnButton);

    const before = await h.balance(wallet);
    const [rent] = await h.lamportsOf([token.account]);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    await until(
      async () => (await page.evaluate(() => document.activeElement?.textContent)) === ASSETS_SCREEN.reviewCancel,
      5_000,
      'focus on Cancel',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('burn-status').filter({ hasText: 'SOL' }).waitFor({ timeout: 60_000 });
    await page.locator(`[data-testid="token-card"][data-mint="${target}"]`).waitFor({ state: 'detached' });

    expect(wallet.approvals).toHaveLength(1);
    expect((await h.balance(wallet)) - before).toBe(rent - sum(wallet.approvals[0].map(networkFee)));
    expect(await h.lamportsOf([token.account])).toEqual([0]);

    // Focus stayed on the page: on the Burn button of the card now in the burned one's place.
    await until(
      async () => {
        const f = await focusInfo(page);
        return f.tag === 'BUTTON' && f.mint !== '' && f.mint !== target;
      },
      5_000,
      'focus on the next card',
    );
    await h.shot(page, `keyboard-single-burn-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  }, 180_000);
});
