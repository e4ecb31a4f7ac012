// Every account is listed where it truly belongs, in real Chromium at 1280 px and 390×844 (screenshots in
// .tmp/e2e-screen/). "Left alone" carries only real reasons: the frozen empty account is closed with the others and
// pNFT accounts burn normally, so neither is there. On the `large` wallet the 1-unit, 0-decimal mintable token is in
// Tokens. Each failed before its fix (both were "left alone"; BLK1 was in no list).
import { leftAloneText } from '../../src/common/texts';
import { VIEWPORT_NAMES, screenHarness } from './screenSupport';

const h = screenHarness();

describe.each(VIEWPORT_NAMES)('at %s', (viewport) => {
  test('Left alone lists wrapped SOL with its reason, never the frozen empty account nor a pNFT account', async () => {
    const { page, manifest } = await h.session(viewport);
    const list = page.getByTestId('left-alone');
    await list.waitFor({ timeout: 30_000 });
    await page.getByTestId('nft-card').first().waitFor({ timeout: 30_000 });
    const wsol = list.locator(`[data-address="${manifest.wrappedSol.account}"]`);
    await expect(wsol.getAttribute('data-reason')).resolves.toBe('wrapped-sol');
    await expect(wsol.locator('.left-alone-reason').textContent()).resolves.toBe(leftAloneText('wrapped-sol'));
    for (const f of manifest.frozenAccounts)
      expect(await list.locator(`[data-address="${f.account}"]`).count()).toBe(0);
    for (const p of manifest.kinds.pnfts)
      expect(await list.locator(`[data-address="${p.tokenAccount}"]`).count()).toBe(0);
    expect(await list.locator('[data-reason="frozen"]').count()).toBe(0);
    // The frozen empty account is among what the banner closes: the estimate counts it, as the close does.
    await list.scrollIntoViewIfNeeded();
    await h.shot(page, `left-alone-${viewport}`);
  }, 120_000);

  test('large wallet: the 1-unit, 0-decimal mintable token (BLK1) is listed in Tokens', async () => {
    const { page, manifest } = await h.session(viewport, 'large');
    const single = manifest.tokens.find((t: any) => t.amount === '1' && t.decimals === 0);
    expect(single.symbol).toBe('BLK1');
    await page
      .getByTestId('tokens-section-count')
      .filter({ hasText: String(manifest.tokens.length) })
      .waitFor({ timeout: 180_000 });
    await page.getByTestId('token-tools').getByRole('searchbox').fill(single.mint);
    const card = page.locator(`[data-testid="token-card"][data-mint="${single.mint}"]`);
    await card.waitFor();
    await expect(card.getByTestId('token-symbol').textContent()).resolves.toBe('BLK1');
    await card.scrollIntoViewIfNeeded();
    await h.shot(page, `large-blk1-${viewport}`);
    // NFT Select all (301) on this wallet: the burn is split into the server's requests (bulkNftBurn.ts); its
    // browser test is not here yet (it ran to the review and one approval, then waited past its limit for the
    // result on this shared machine), so it is left to the next change rather than landed unproven.
  }, 240_000);
});
