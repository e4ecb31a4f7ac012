// Every account is listed where it truly belongs, and a big NFT selection burns, in real Chromium at 1280 px and
// 390×844 (screenshots in .tmp/e2e-screen/). "Left alone" carries only real reasons: the frozen empty account is
// closed with the others and pNFT accounts burn normally, so neither is there. On the `large` wallet the 1-unit,
// 0-decimal mintable token is in Tokens, and NFT Select all (301) burns in automatic batches with one approval.
// Each failed before its fix (both were "left alone"; BLK1 was in no list; 301 NFTs: "Too many NFTs in one batch").
import { PublicKey } from '@solana/web3.js';
import { ASSETS, SELECTION, ASSETS_SCREEN, leftAloneText } from '../../src/common/texts';
import { answerReview, networkFee } from './burnSupport';
import { VIEWPORT_NAMES, sum, screenHarness } from './screenSupport';

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

  test('large wallet: the 1-unit token is in Tokens; NFT Select all (301) burns in batches with one approval, to the lamport', async () => {
    const { page, wallet, manifest } = await h.session(viewport, 'large');
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
    await page.getByTestId('token-tools').getByRole('searchbox').fill('');

    const nftTotal = Number(await page.getByTestId('nfts-section-count').textContent());
    expect(nftTotal).toBe(301);
    await page
      .getByTestId('nft-tools')
      .getByRole('button', { name: ASSETS_SCREEN.selectAll(nftTotal) })
      .click();
    expect(await page.getByTestId('batch-warning').count()).toBe(0);
    const nfts: any[] = [...manifest.nfts, manifest.collection];
    const accounts = nfts.flatMap((n) => [n.tokenAccount, n.metadata, n.edition]);
    // The burn returns the token account's and the edition's lamports and the metadata account's rent minimum at
    // today's rate (the page's planner: nftBurnKinds.ts metadataReturn); read in pages of 100 keys.
    const metas = [];
    for (let i = 0; i < nfts.length; i += 100)
      metas.push(
        ...(await h.connection.getMultipleAccountsInfo(nfts.slice(i, i + 100).map((n) => new PublicKey(n.metadata)))),
      );
    const minimums = new Map<number, number>();
    for (const m of metas)
      if (!minimums.has(m!.data.length))
        minimums.set(m!.data.length, await h.connection.getMinimumBalanceForRentExemption(m!.data.length));
    const rent =
      sum(await h.lamportsOf(nfts.flatMap((n) => [n.tokenAccount, n.edition]))) +
      sum(metas.map((m) => Math.min(m!.lamports, minimums.get(m!.data.length)!)));
    const before = await h.balance(wallet);
    await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
    await page.getByTestId('review-dialog').waitFor({ timeout: 120_000 });
    await h.shot(page, `large-nft-review-${viewport}`);
    const review = await answerReview(page);
    const message = page.getByTestId('burn-message');
    await message.waitFor({ timeout: 300_000 });
    if (!(await message.textContent())?.includes('SOL returned'))
      console.log('burn message:', await message.textContent());
    await message.filter({ hasText: 'SOL returned' }).waitFor({ timeout: 240_000 });
    expect(wallet.approvals).toHaveLength(1);
    expect(wallet.approvals[0].length).toBeGreaterThan(1); // several transactions, one approval
    const change = (await h.balance(wallet)) - before;
    expect(review.destroyed).toBe(301);
    expect(await h.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
    expect(review.networkFee).toBe(sum(wallet.approvals[0].map(networkFee)));
    expect(change).toBe(review.solChange);
    expect(review.rent).toBe(rent);
    await expect(page.getByTestId('nfts-section').textContent()).resolves.toContain(ASSETS.noNfts);
    await h.shot(page, `large-nft-done-${viewport}`);
  }, 480_000);
});
