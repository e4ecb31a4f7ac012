// Every account is listed where it truly belongs, and a big NFT selection burns, in real Chromium at 1280 px and
// 390×844 (screenshots in .tmp/e2e-screen/). "Left alone" carries only real reasons: the frozen empty account is
// closed with the others and pNFT accounts burn normally, so neither is there. On the `large` wallet the 1-unit,
// 0-decimal mintable token is in Tokens. NFT "Select all" of more than one server request (the server's cap is 50 a
// request) burns in automatic batches with one approval, the review warning about the collection NFT among them.
// Each failed before its fix (both were "left alone"; BLK1 was in no list; over 50 NFTs: "Too many NFTs in one
// batch"; the collection NFT burned without a word).
import { PublicKey } from '@solana/web3.js';
import { MAX_NFTS_PER_BURN_REQUEST } from '../../src/common/constants';
import { ASSETS, ASSETS_SCREEN, COLLECTION_WARNING, SELECTION, leftAloneText } from '../../src/common/texts';
import { answerReview, installBurnWallet, networkFee } from './burnSupport';
import { seriousViolations } from './support/axe';
import { VIEWPORT_NAMES, screenHarness, sum } from './screenSupport';

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
  }, 240_000);

  test('NFT Select all past one server request (a collection and 60 NFTs: two requests) burns with one approval, the collection NFT warned about, to the lamport', async () => {
    // A bounded wallet of its own: SOL for fees, then one collection NFT and 60 NFTs in it (more than one request).
    const context = await h.newPage(viewport);
    const wallet = await installBurnWallet(context);
    const owner = wallet.keypair.publicKey.toBase58();
    await h.server.app.rpc.call('requestAirdrop', [owner, 1_000_000_000]);
    const made = h.server.app.localnet!.metaplex.fundNfts(owner, MAX_NFTS_PER_BURN_REQUEST + 10, { direct: true });
    const nfts = [made.collection, ...made.nfts];
    const page = await context.newPage();
    await h.connect(page, wallet);
    await page
      .getByTestId('nfts-section-count')
      .filter({ hasText: String(nfts.length) })
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId('nft-tools')
      .getByRole('button', { name: ASSETS_SCREEN.selectAll(nfts.length) })
      .click();
    expect(await page.getByTestId('batch-warning').count()).toBe(0);

    // What the burns return, read from the chain: token account and edition lamports, and the metadata account's
    // rent minimum at today's rate (the page's planner: nftBurnKinds.ts metadataReturn).
    const metas = await h.connection.getMultipleAccountsInfo(nfts.map((n) => new PublicKey(n.metadata)));
    const minimums = new Map<number, number>();
    for (const m of metas)
      if (!minimums.has(m!.data.length))
        minimums.set(m!.data.length, await h.connection.getMinimumBalanceForRentExemption(m!.data.length));
    const rent =
      sum(await h.lamportsOf(nfts.flatMap((n) => [n.tokenAccount, n.edition]))) +
      sum(metas.map((m) => Math.min(m!.lamports, minimums.get(m!.data.length)!)));
    const accounts = nfts.flatMap((n) => [n.tokenAccount, n.metadata, n.edition]);
    const before = await h.balance(wallet);

    await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor({ timeout: 120_000 });
    const warning = dialog.getByTestId('collection-warning');
    await expect(warning.locator('li').getAttribute('data-mint')).resolves.toBe(made.collection.mint);
    await expect(warning.locator('li').textContent()).resolves.toBe(
      COLLECTION_WARNING.item(made.collection.name, made.nfts.length),
    );
    await warning.scrollIntoViewIfNeeded();
    await h.shot(page, `nft-batch-review-${viewport}`);
    expect(await seriousViolations(page, '[data-testid="review-dialog"]')).toEqual([]);
    const review = await answerReview(page);
    await page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 240_000 });
    expect(wallet.approvals).toHaveLength(1);
    expect(wallet.approvals[0].length).toBeGreaterThan(1); // several transactions, one approval
    expect(review.destroyed).toBe(nfts.length);
    expect(review.rent).toBe(rent);
    expect(review.networkFee).toBe(sum(wallet.approvals[0].map(networkFee)));
    expect((await h.balance(wallet)) - before).toBe(review.solChange);
    expect(await h.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
    await expect(page.getByTestId('nfts-section').textContent()).resolves.toContain(ASSETS.noNfts);
    await h.shot(page, `nft-batch-done-${viewport}`);
    expect(await seriousViolations(page, '[data-testid="status-line"]')).toEqual([]); // the line with Dismiss
  }, 360_000);
});
