// Dialogs for keyboards and screen readers, in real Chromium at 1280 px and 390×844 (screenshots in .tmp/e2e-screen/):
// the WAI-ARIA modal dialog pattern (first focus on the least destructive control, Tab kept inside, Escape closes,
// focus back to the opener, aria-modal), a token burn done with the keyboard alone, the robust trash's plain key
// warning and owner check, and axe-core finding 0 serious or critical problems on the landing page, the assets
// screen, every cNFT modal and the review dialog. Each failed before its fix (focus on Confirm, Tab left the dialog,
// focus to body on close; reassurance and an enabled Confirm for any key; aria-pressed on divs, low contrast).
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { ASSETS, DIRECT_MODAL, QUEUE_MODAL, SELECTION, SUCCESS, ASSETS_SCREEN } from '../../src/common/texts';
import { SAFETY_PAGE } from '../../src/common/texts/brandTexts';
import { TRASH_UI } from '../../src/common/texts/trashTexts';
import { installBurnWallet, networkFee } from './burnSupport';
import { seriousViolations } from './support/axe';
import { VIEWPORT_NAMES, card, plainCnfts, sum, screenHarness } from './screenSupport';
import { until } from '../support/until';

const h = screenHarness();

/** What has focus: its test id or text, and whether it is inside the dialog with this test id. */
const focused = (page: Page, dialog: string) =>
  page.evaluate((id) => {
    const el = document.activeElement as HTMLElement | null;
    return {
      text: el?.textContent?.trim() ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      inside: !!el?.closest(`[data-testid="${id}"]`),
      tag: el?.tagName ?? '',
    };
  }, dialog);

type Focus = Awaited<ReturnType<typeof focused>>;
/** Waits (5 s) until focus, read against `dialog`, is where `ok` says: dialogs move it in effects and on timers. */
const focusSettles = (page: Page, dialog: string, ok: (f: Focus) => boolean, where: string) =>
  until(async () => ok(await focused(page, dialog)), 5_000, where);

/** Presses Tab (and then Shift+Tab) more times than the dialog has controls: focus never leaves it. */
async function tabStaysInside(page: Page, dialog: string): Promise<string[]> {
  const seen: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      const f = await focused(page, dialog);
      expect(f).toMatchObject({ inside: true });
      seen.push(f.testId || f.text);
    }
  }
  return seen;
}

async function expectAxeClean(page: Page, where: string, selector?: string) {
  const found = await seriousViolations(page, selector);
  if (found.length) console.log(`axe at ${where}:\n${JSON.stringify(found, null, 2)}`);
  expect(found).toEqual([]);
}

describe.each(VIEWPORT_NAMES)('at %s', (viewport) => {
  test('keyboard alone: select a token, review (focus on Cancel, Tab stays inside, Escape returns focus), burn', async () => {
    const context = await h.newPage(viewport);
    const landing = await context.newPage();
    await landing.goto(h.server.url);
    await landing.getByRole('button', { name: 'Select Wallet' }).first().waitFor();
    await expectAxeClean(landing, 'landing');

    const { page, wallet, manifest } = await h.session(viewport);
    const token = manifest.tokens.find((t: any) => t.symbol === 'BONKI') ?? manifest.tokens[1];
    const tokenCard = page.locator(`[data-testid="token-card"][data-mint="${token.mint}"]`);
    await tokenCard.waitFor({ timeout: 30_000 });
    await page.getByTestId('cnft-card').first().waitFor({ timeout: 30_000 });
    await expectAxeClean(page, 'assets screen');

    await tokenCard.focus();
    await page.keyboard.press('Space');
    await expect(tokenCard.getAttribute('aria-pressed')).resolves.toBe('true');
    const burnButton = page.getByRole('button', { name: SELECTION.burnSelectedTokens });
    await burnButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    // The dialog takes focus in an effect after it mounts.
    await focusSettles(
      page,
      'review-dialog',
      (f) => f.inside && f.text === ASSETS_SCREEN.reviewCancel,
      'focus on Cancel in the review',
    );
    const seen = await tabStaysInside(page, 'review-dialog');
    expect(seen).toContain(ASSETS_SCREEN.reviewConfirm);
    await expectAxeClean(page, 'review dialog');
    await h.shot(page, `keyboard-review-${viewport}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the very button that opened the review (a running burn marks it aria-disabled instead of
    // disabling it, so it never lost focus to <body>).
    await focusSettles(
      page,
      'review-dialog',
      (f) => f.tag === 'BUTTON' && f.text === SELECTION.burnSelectedTokens,
      'focus back on Burn Selected Tokens',
    );
    await expect(burnButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(wallet.approvals).toHaveLength(0);

    // Again, and this time confirm with the keyboard: Cancel has focus, Tab moves to Confirm, Enter signs.
    const before = await h.balance(wallet);
    const [rent] = await h.lamportsOf([token.account]);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ timeout: 60_000 });
    await page.keyboard.press('Tab');
    await expect(focused(page, 'review-dialog')).resolves.toMatchObject({ text: ASSETS_SCREEN.reviewConfirm });
    await page.keyboard.press('Enter');
    await page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 60_000 });
    expect(wallet.approvals).toHaveLength(1);
    expect((await h.balance(wallet)) - before).toBe(rent - sum(wallet.approvals[0].map(networkFee)));
    expect(await h.lamportsOf([token.account])).toEqual([0]);
    // The success line and its link outlast the spec's 8 s (they used to vanish) until Dismiss, from the keyboard too.
    await page.waitForTimeout(8_500);
    const line = page.getByTestId('burn-status');
    await expect(line.getByRole('link', { name: SUCCESS.viewTransaction }).count()).resolves.toBe(1);
    await line.getByRole('button', { name: SUCCESS.dismiss }).focus();
    await page.keyboard.press('Enter');
    await line.waitFor({ state: 'detached' });
  }, 180_000);

  test('cNFT modals: focus on Cancel, Tab inside, Escape returns focus; robust trash warns and checks the key owns the cNFT; axe clean', async () => {
    const { page, wallet, manifest } = await h.session(viewport);
    const target = plainCnfts(manifest)[1];
    const trashButton = card(page, target.assetId).getByTestId('cnft-trash');
    await trashButton.waitFor({ timeout: 30_000 });

    // Each cNFT modal, opened from the keyboard.
    for (const [button, id] of [
      ['cnft-trash', 'direct-trash-modal'],
      ['cnft-delegated', 'delegated-modal'],
      ['cnft-burn', 'burn-cnft-modal'],
    ] as const) {
      const opener = card(page, target.assetId).getByTestId(button);
      await opener.focus();
      await page.keyboard.press('Enter');
      const modal = page.getByTestId(id);
      await modal.waitFor();
      await page.waitForTimeout(300); // the lazy chunk's content settles
      await expect(modal.getAttribute('aria-modal')).resolves.toBe('true');
      const first = await focused(page, id);
      expect(first.inside).toBe(true);
      expect([DIRECT_MODAL.cancel, TRASH_UI.close]).toContain(first.text);
      await tabStaysInside(page, id);
      await expectAxeClean(page, id);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await focusSettles(page, id, (f) => f.testId === button, `focus back on ${button}`);
    }

    // The queue modal, from "Trash selected".
    await card(page, target.assetId).getByTestId('cnft-checkbox').check();
    const trashSelected = page.getByTestId('cnft-trash-selected');
    await trashSelected.focus();
    await page.keyboard.press('Enter');
    const queue = page.getByTestId('queue-modal');
    await queue.waitFor();
    await focusSettles(
      page,
      'queue-modal',
      (f) => f.inside && f.text === QUEUE_MODAL.close,
      'focus on Close in the queue modal',
    );
    await tabStaysInside(page, 'queue-modal');
    await expectAxeClean(page, 'queue-modal');
    await page.keyboard.press('Escape');
    await queue.waitFor({ state: 'detached' });
    await focusSettles(page, 'queue-modal', (f) => f.testId === 'cnft-trash-selected', 'focus back on Trash selected');

    // The robust way: a plain warning; Confirm only for the key that owns the cNFT.
    await trashButton.click();
    const direct = page.getByTestId('direct-trash-modal');
    await direct.getByTestId('method-robust').click();
    await direct.getByTestId('direct-send').click();
    const robust = page.getByTestId('robust-trash-modal');
    await expect(robust.getByTestId('robust-key-warning').textContent()).resolves.toBe(TRASH_UI.keyWarning);
    const keyField = robust.getByTestId('robust-private-key');
    const confirm = robust.getByTestId('robust-confirm');
    const stranger = Keypair.generate();
    await keyField.fill(bs58.encode(stranger.secretKey));
    const check = robust.getByTestId('robust-owner-check');
    await check.filter({ hasText: stranger.publicKey.toBase58() }).waitFor({ timeout: 30_000 });
    await expect(check.textContent()).resolves.toBe(
      TRASH_UI.keyNotOwner(stranger.publicKey.toBase58(), wallet.keypair.publicKey.toBase58()),
    );
    expect(await confirm.isDisabled()).toBe(true);
    await robust.scrollIntoViewIfNeeded();
    await h.shot(page, `robust-wrong-key-${viewport}`);
    await expectAxeClean(page, 'robust-trash-modal');
    await keyField.fill(bs58.encode(wallet.keypair.secretKey));
    await check.filter({ hasText: TRASH_UI.keyOwns }).waitFor();
    expect(await confirm.isEnabled()).toBe(true);
    // Escape closes only the top dialog; focus goes back into the one below.
    await page.keyboard.press('Escape');
    await robust.waitFor({ state: 'detached' });
    // Focus comes back a moment after the top dialog leaves (useModalDialog restores it on a timer).
    await focusSettles(page, 'direct-trash-modal', (f) => f.inside, 'focus back in the trash modal');
    // Long addresses stay inside the dialog at 390 px.
    const overflow = await direct.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(overflow).toBe(false);
  }, 180_000);

  test('the footer’s “How SolBack keeps you safe”: reached with Tab from the top of the page, Enter opens /safety', async () => {
    const context = await h.newPage(viewport);
    const page = await context.newPage();
    await page.goto(h.server.url);
    const link = page.getByTestId('brand-footer').getByRole('link', { name: SAFETY_PAGE.title, exact: true });
    await link.waitFor();
    expect(await link.isVisible()).toBe(true);
    // From the top, Tab walks the landing's controls and comes to the link (a plain link: in the tab order).
    const isLink = () =>
      page.evaluate((href) => document.activeElement?.getAttribute('href') === href, SAFETY_PAGE.path);
    let presses = 0;
    for (; presses < 40 && !(await isLink()); presses++) await page.keyboard.press('Tab');
    expect(await isLink()).toBe(true);
    await expectAxeClean(page, 'landing with its footer');
    await Promise.all([page.waitForURL((url) => url.pathname === SAFETY_PAGE.path), page.keyboard.press('Enter')]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(SAFETY_PAGE.title);
  }, 60_000);

  test('the wallet list: opened with the keyboard, named, focus inside and kept there, back on close; axe clean', async () => {
    const context = await h.newPage(viewport);
    await installBurnWallet(context, 'Keyboard Wallet');
    const page = await context.newPage();
    await page.goto(h.server.url);
    const opener = page.getByRole('button', { name: ASSETS.selectWallet }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ASSETS_SCREEN.connectDialogTitle });
    await dialog.waitFor({ timeout: 30_000 });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await focusSettles(page, 'connect-dialog', (f) => f.inside, 'focus inside the wallet list');
    const seen = await tabStaysInside(page, 'connect-dialog');
    expect(seen.some((s) => s.includes('Keyboard Wallet'))).toBe(true);
    await expectAxeClean(page, 'wallet list');
    await h.shot(page, `connect-dialog-${viewport}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusSettles(page, 'connect-dialog', (f) => f.text === ASSETS.selectWallet, 'focus back on Select Wallet');

    // And a wallet chosen with the keyboard connects.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await focusSettles(page, 'connect-dialog', (f) => f.inside, 'focus inside again');
    for (let i = 0; i < 12 && !(await focused(page, 'connect-dialog')).text.includes('Keyboard Wallet'); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: ASSETS.connectedHeading }).waitFor({ timeout: 30_000 });
  }, 120_000);
});
