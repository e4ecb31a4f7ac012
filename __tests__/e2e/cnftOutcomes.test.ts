// The cNFT flows (PRODUCT, the flows) in real Chromium, at desktop and at 390×844 (screenshots in .tmp/e2e-screen/): the hide-only
// fallback asks first, the server's delegation is revoked on chain after a refused authorisation or a
// cancelled queue (PRODUCT, the flows: Revoke delegation), queue cancel tells what the server did, one delegated-transfer
// screen, cNFT texts that match the buttons, cNFT actions in Recent Activity and the smaller
// leftovers. Each would fail before its fix.
import bs58 from 'bs58';
import type { Locator, Page } from 'playwright-core';
import { exactSol } from '../../src/chain/format';
import {
  ASSETS,
  CNFT_ERRORS,
  DELEGATED_MODAL,
  DIRECT_MODAL,
  QUEUE_MODAL,
  ASSETS_SCREEN,
  queueCancelledReport,
} from '../../src/common/texts';
import { REVOKE } from '../../src/common/texts/revokeTexts';
import { HIDE_ONLY } from '../../src/common/texts/hideOnlyTexts';
import { TRASH_UI } from '../../src/common/texts/trashTexts';
import { type BurnWallet, networkFee } from './burnSupport';
import { until } from '../support/until';
import {
  VIEWPORT_NAMES,
  card,
  holdSecondWorkerSend,
  newDelegates,
  plainCnfts,
  sum,
  screenHarness,
} from './screenSupport';

const h = screenHarness();

/**
 * A cNFT modal's network fee: before anything is built, the fee's parts; while the wallet is asked (the approval held
 * here), the exact lamports the guard simulated; the owner's balance then moves by exactly that and nothing more.
 */
async function feeShownIsFeePaid(
  page: Page,
  wallet: BurnWallet,
  modalId: string,
  confirmId: string,
  gone: Locator,
  shot: string,
): Promise<void> {
  const fee = page.getByTestId(modalId).getByTestId('cnft-network-fee');
  await expect(fee.textContent()).resolves.toBe(TRASH_UI.feeFromWallet(exactSol(5_000), exactSol(50_000)));
  let release!: () => void;
  const held = new Promise<boolean>((r) => (release = () => r(true)));
  wallet.control.approve = () => held;
  const before = await h.balance(wallet);
  await page.getByTestId(confirmId).click();
  const exact = page.locator(`[data-testid="${modalId}"] [data-testid="cnft-network-fee"][data-lamports]`);
  await exact.waitFor({ timeout: 60_000 });
  const shown = Number(await exact.getAttribute('data-lamports'));
  await expect(exact.textContent()).resolves.toBe(TRASH_UI.feeSimulated(exactSol(shown)));
  await h.shot(page, shot);
  release();
  await gone.waitFor({ state: 'detached', timeout: 60_000 });
  wallet.control.approve = () => true;
  expect(shown).toBe(networkFee(wallet.approvals[wallet.approvals.length - 1][0]));
  expect((await h.balance(wallet)) - before).toBe(-shown);
}

describe.each(VIEWPORT_NAMES)('at %s', (viewport) => {
  test('the hide-only fallback asks first; declined, 0 lamports move; accepted, the cNFT is hidden (not moved) and Hidden items shows it again', async () => {
    const { page, wallet, owner, manifest } = await h.session(viewport);
    const trash = h.server.app.config.trashWallet;
    await h.server.app.rpc.call('requestAirdrop', [trash, 1_000_000_000]); // a fresh local trash wallet holds no rent
    const target = plainCnfts(manifest)[2];
    await card(page, target.assetId).waitFor({ timeout: 30_000 });
    // The asset endpoint fails, so the standard and the fixed transfer cannot be built.
    await page.route(/\/api\/helius\/asset\//, (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }),
    );
    await card(page, target.assetId).getByTestId('cnft-trash').click();
    const modal = page.getByTestId('direct-trash-modal');
    const offer = modal.getByTestId('hide-offer');
    const [ownerBefore, trashBefore] = [await h.balance(wallet), (await h.lamportsOf([trash]))[0]];

    await modal.getByTestId('direct-send').click();
    await offer.waitFor({ timeout: 60_000 });
    await expect(offer.textContent()).resolves.toContain(HIDE_ONLY.body);
    await offer.scrollIntoViewIfNeeded();
    await h.shot(page, `hide-offer-${viewport}`);
    expect(wallet.approvals).toHaveLength(0); // asked before anything is signed
    await offer.getByTestId('hide-decline').click();
    await modal.getByTestId('direct-error').filter({ hasText: HIDE_ONLY.declined }).waitFor();
    await modal.getByRole('button', { name: DIRECT_MODAL.tryRobust }).waitFor(); // the other way is offered next
    expect(wallet.approvals).toHaveLength(0);
    expect(await h.balance(wallet)).toBe(ownerBefore); // declining moves 0 lamports
    expect((await h.lamportsOf([trash]))[0]).toBe(trashBefore);
    expect(await card(page, target.assetId).count()).toBe(1);

    await modal.getByRole('button', { name: DIRECT_MODAL.cancel }).click();
    await modal.waitFor({ state: 'detached' });
    await card(page, target.assetId).getByTestId('cnft-trash').click(); // again: the moves fail, the offer returns
    await modal.getByTestId('direct-send').click();
    await offer.getByTestId('hide-accept').click();
    const banner = page.getByTestId('trash-result');
    await banner.filter({ hasText: HIDE_ONLY.hidden(target.name) }).waitFor({ timeout: 60_000 });
    await expect(banner.getAttribute('data-kind')).resolves.toBe('notice'); // not success green
    await card(page, target.assetId).waitFor({ state: 'detached' });
    expect(wallet.approvals).toHaveLength(1);
    const fee = networkFee(wallet.approvals[0][0]);
    expect((await h.balance(wallet)) - ownerBefore).toBe(-(1000 + fee));
    expect((await h.lamportsOf([trash]))[0] - trashBefore).toBe(1000);
    expect((await h.assetOf(target.assetId)).owner).toBe(owner); // hidden, not moved
    await page
      .getByTestId('activity-entry')
      .filter({ hasText: ASSETS_SCREEN.cnftHiddenTitle })
      .waitFor({ timeout: 10_000 });

    const hidden = page.getByTestId('hidden-items');
    await hidden.locator('summary').click();
    const item = hidden.locator(`[data-testid="hidden-item"][data-id="${target.assetId}"]`);
    await item.scrollIntoViewIfNeeded();
    await expect(item.textContent()).resolves.toContain(target.name);
    await h.shot(page, `hidden-items-${viewport}`);
    await item.getByRole('button', { name: ASSETS_SCREEN.showAgain }).click();
    await card(page, target.assetId).waitFor();
  }, 240_000);

  test('a refused queue authorisation offers the revoke; one approval puts each leaf delegate back to the owner on chain', async () => {
    const { page, wallet, owner, manifest } = await h.session(viewport, 'demo', { messages: true });
    // The delegations and the authorisation memo land with one approval, then the server does not authorise it.
    await page.route('**/api/queue/authorize', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' }),
    );
    const delegate = h.server.app.delegate!.publicKey.toBase58();
    const two = plainCnfts(manifest).slice(0, 2);
    await card(page, two[0].assetId).waitFor({ timeout: 30_000 });
    for (const c of two) await card(page, c.assetId).click(); // bulk mode (on by default) selects
    await page.getByTestId('cnft-trash-selected').click();
    const modal = page.getByTestId('queue-modal');
    await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
    const offer = modal.getByTestId('revoke-offer');
    await offer.getByRole('button', { name: REVOKE.button(2) }).waitFor({ timeout: 90_000 });
    await expect(modal.getByTestId('queue-error').textContent()).resolves.toBe(CNFT_ERRORS.queueAuthorizeFailed);
    expect(wallet.messages).toEqual([]); // no text to sign: the memo rode with the delegations
    expect(wallet.approvals[0]).toHaveLength(2 + 1);
    // Delegated today, in the tree account itself: the server could move them.
    for (const c of two) {
      expect((await h.assetOf(c.assetId)).delegate).toBe(delegate);
      expect(await h.leafOnChain(c.assetId, owner, delegate)).toBe(true);
    }
    await offer.scrollIntoViewIfNeeded();
    await h.shot(page, `revoke-offer-rejected-${viewport}`);

    const before = await h.balance(wallet);
    await offer.getByRole('button', { name: REVOKE.button(2) }).click();
    await offer
      .getByTestId('revoke-done')
      .filter({ hasText: REVOKE.done(2) })
      .waitFor({ timeout: 60_000 });
    expect(wallet.approvals).toHaveLength(2); // the delegations + memo, then the revocation: one approval each
    const revocation = wallet.approvals[1];
    expect(revocation).toHaveLength(2);
    expect(newDelegates(revocation)).toEqual([owner, owner]);
    expect((await h.balance(wallet)) - before).toBe(-sum(revocation.map(networkFee)));
    for (const c of two) {
      const a = await h.assetOf(c.assetId);
      expect(a).toEqual({ owner, delegate: null, burnt: false });
      expect(await h.leafOnChain(c.assetId, owner, owner)).toBe(true); // the leaf's delegate is the owner again
      expect(await h.leafOnChain(c.assetId, owner, delegate)).toBe(false);
    }
    await h.shot(page, `revoke-done-rejected-${viewport}`);
  }, 240_000);

  test('queue cancel shows what the server did; the items not moved are revoked on chain with one approval', async () => {
    const { page, wallet, owner, manifest } = await h.session(viewport, 'demo', { messages: true });
    const { trashWallet: trash } = h.server.app.config;
    const delegate = h.server.app.delegate!.publicKey.toBase58();
    // The worker's second transfer (signed by the server delegate) is held at the chain's door while the user cancels.
    const worker = holdSecondWorkerSend(h);
    try {
      const three = plainCnfts(manifest).slice(0, 3);
      await card(page, three[0].assetId).waitFor({ timeout: 30_000 });
      for (const c of three) await card(page, c.assetId).click();
      await page.getByTestId('cnft-trash-selected').click();
      const modal = page.getByTestId('queue-modal');
      await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
      await until(
        async () => {
          const owners = await Promise.all(three.map(async (c) => (await h.assetOf(c.assetId)).owner));
          return owners.filter((o) => o === trash).length === 1 && worker.sends.size >= 2;
        },
        120_000,
        'the first cNFT moved and the second held',
      );
      await modal.getByRole('button', { name: QUEUE_MODAL.cancel }).click();
      const report = modal.getByTestId('queue-cancelled');
      await report.waitFor({ timeout: 30_000 });
      // What the server had done when the cancel took hold: 1 moved, 1 being sent, 1 never started.
      await expect(report.textContent()).resolves.toBe(queueCancelledReport(1, 1, 0));
      await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('1');
      const moved = (await Promise.all(three.map(async (c) => [c, (await h.assetOf(c.assetId)).owner] as const)))
        .filter(([, o]) => o === trash)
        .map(([c]) => c);
      await card(page, moved[0].assetId).waitFor({ state: 'detached' }); // gone from the list, not offered again
      await expect(modal.getByRole('button', { name: QUEUE_MODAL.start }).count()).resolves.toBe(1);
      const offer = modal.getByTestId('revoke-offer');
      await offer.getByRole('button', { name: REVOKE.button(1) }).waitFor({ timeout: 30_000 });
      await report.scrollIntoViewIfNeeded();
      await h.shot(page, `queue-cancelled-${viewport}`);

      // The held transfer was already signed by the server: it lands. The revocation then covers the one left.
      worker.release();
      const sent = three.filter((c) => c !== moved[0]);
      await until(
        async () => (await Promise.all(sent.map((c) => h.assetOf(c.assetId)))).some((a) => a.owner === trash),
        60_000,
        'the held transfer landed',
      );
      // Once nothing is in flight: the report and Recent Activity count both moved cNFTs (0 SOL: cNFTs hold no rent).
      await report.filter({ hasText: queueCancelledReport(2, 0, 0) }).waitFor({ timeout: 60_000 });
      const entry = page.getByTestId('activity-entry').filter({ hasText: ASSETS_SCREEN.cnftQueueTitle(2) });
      await entry.waitFor({ state: 'attached' });
      await expect(entry.locator('.activity-sol').getAttribute('data-lamports')).resolves.toBe('0');
      const untouched = (await Promise.all(sent.map(async (c) => [c, await h.assetOf(c.assetId)] as const))).find(
        ([, a]) => a.owner === owner,
      )![0];
      expect(await h.leafOnChain(untouched.assetId, owner, delegate)).toBe(true);
      const before = await h.balance(wallet);
      const approvals = wallet.approvals.length;
      await offer.getByRole('button', { name: REVOKE.button(1) }).click();
      await offer
        .getByTestId('revoke-done')
        .filter({ hasText: REVOKE.done(1) })
        .waitFor({ timeout: 60_000 });
      expect(wallet.approvals).toHaveLength(approvals + 1);
      const revocation = wallet.approvals[approvals];
      expect(newDelegates(revocation)).toEqual([owner]);
      expect((await h.balance(wallet)) - before).toBe(-sum(revocation.map(networkFee)));
      expect(await h.assetOf(untouched.assetId)).toEqual({ owner, delegate: null, burnt: false });
      expect(await h.leafOnChain(untouched.assetId, owner, owner)).toBe(true);
      // Every count box (Pending … Failed) lies inside the modal, at 390 px too.
      const boxes = await modal
        .getByTestId('queue-counts')
        .locator(':scope > div')
        .evaluateAll((els) => {
          const dialog = els[0].closest('[data-testid="queue-modal"]')!.getBoundingClientRect();
          return els.map((el) => {
            const r = el.getBoundingClientRect();
            return r.left >= dialog.left && r.right <= dialog.right;
          });
        });
      expect(boxes).toEqual([true, true, true, true]);
      await h.shot(page, `queue-revoked-${viewport}`);
    } finally {
      worker.stop();
    }
  }, 300_000);

  test('the delegated-transfer screen is one consistent success (no "not delegated" block above it)', async () => {
    const { page, manifest } = await h.session(viewport, 'demo', { messages: true });
    const delegated = manifest.cnfts.find((c: any) => c.delegate);
    let infoAnswers = 0;
    page.on('response', (r) => void (r.url().includes('/api/delegate/info/') && infoAnswers++));
    await card(page, delegated.assetId).getByTestId('cnft-delegated').click({ timeout: 30_000 });
    const modal = page.getByTestId('delegated-modal');
    await modal.getByTestId('delegated-delegate').waitFor();
    await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).click();
    await modal.getByText(DELEGATED_MODAL.success).waitFor({ timeout: 60_000 });
    // The delegation info is asked again after the move; its answer (no delegate now) must not show.
    await until(async () => infoAnswers >= 2, 20_000, 'the delegation info refetched');
    await page.waitForTimeout(300);
    expect((await h.assetOf(delegated.assetId)).owner).toBe(h.server.app.config.trashWallet);
    expect(await modal.getByTestId('delegated-not-delegated').count()).toBe(0);
    expect(await modal.getByText(TRASH_UI.notDelegated).count()).toBe(0);
    expect(await modal.getByRole('button', { name: TRASH_UI.delegateFirst }).count()).toBe(0);
    expect(await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).count()).toBe(0);
    await modal.getByRole('link', { name: DELEGATED_MODAL.viewOnSolanaExplorer }).waitFor();
    await h.shot(page, `delegated-success-${viewport}`);
  }, 180_000);

  test('cNFT texts match the buttons; the trash and burn modals show the network fee they then cost, to the lamport; both are in Recent Activity with 0 SOL', async () => {
    const { page, wallet, manifest } = await h.session(viewport);
    const [a, b] = plainCnfts(manifest).slice(3, 5);
    await card(page, a.assetId).waitFor({ timeout: 30_000 });
    await card(page, a.assetId).click(); // selected in bulk mode
    const panel = page.getByTestId('selected-assets-panel');
    await expect(panel.textContent()).resolves.toContain(ASSETS_SCREEN.cnftsSelectedNote);
    await card(page, a.assetId).click();
    await page.getByTestId('bulk-mode-toggle').click(); // bulk mode off: per-card buttons and the badge
    const first = card(page, a.assetId);
    await expect(first.textContent()).resolves.toContain(ASSETS_SCREEN.cnftBadge);
    expect(await page.getByText(/view only/i).count()).toBe(0);
    for (const id of ['cnft-trash', 'cnft-delegated', 'cnft-burn'])
      expect(await first.getByTestId(id).isEnabled()).toBe(true);
    await first.scrollIntoViewIfNeeded();
    await h.shot(page, `cnft-texts-${viewport}`);

    await first.getByTestId('cnft-trash').click();
    await feeShownIsFeePaid(page, wallet, 'direct-trash-modal', 'direct-send', first, `cnft-fee-trash-${viewport}`);
    await card(page, b.assetId).getByTestId('cnft-burn').click();
    const second = card(page, b.assetId);
    await feeShownIsFeePaid(page, wallet, 'burn-cnft-modal', 'burn-cnft-confirm', second, `cnft-fee-burn-${viewport}`);
    expect((await h.assetOf(a.assetId)).owner).toBe(h.server.app.config.trashWallet);
    expect((await h.assetOf(b.assetId)).burnt).toBe(true);
    const entries = page.getByTestId('activity-entry');
    await entries.filter({ hasText: ASSETS_SCREEN.cnftBurnedTitle }).filter({ hasText: b.name }).waitFor();
    await entries.filter({ hasText: ASSETS_SCREEN.cnftTrashedTitle }).filter({ hasText: a.name }).waitFor();
    for (const e of await entries.all())
      await expect(e.locator('.activity-sol').getAttribute('data-lamports')).resolves.toBe('0');
    await expect(page.getByTestId('activity-total').textContent()).resolves.toBe('0.0000 SOL');
    await page.getByTestId('activity-panel').scrollIntoViewIfNeeded();
    await h.shot(page, `cnft-activity-${viewport}`);
  }, 180_000);

  test('the robust modal ends in a clear final state; the collection NFT names its collection; pictures carry no label that differs from the name', async () => {
    const { page, wallet, manifest } = await h.session(viewport);
    // The collection's own NFT: its own name, not "Unknown Collection".
    const col = page.locator(`[data-testid="nft-card"][data-mint="${manifest.collection.mint}"]`);
    await col.waitFor({ timeout: 30_000 });
    await col.scrollIntoViewIfNeeded();
    await expect(col.locator('.nft-collection').textContent()).resolves.toBe(manifest.collection.name);
    await expect(col.textContent()).resolves.not.toContain(ASSETS.unknownCollection);
    await h.shot(page, `collection-name-${viewport}`);
    // Every demo picture: any text it draws is the asset's own name (the numbered labels differed from the names).
    const pictures = [
      manifest.collection,
      ...manifest.nfts,
      ...manifest.cnfts,
      ...(manifest.kinds?.cnftsV2 ?? []),
    ].filter((x: any) => x.image);
    expect(pictures.length).toBeGreaterThan(10);
    for (const p of pictures) {
      const svg = await (await fetch(new URL(p.image, h.server.url))).text();
      const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>|aria-label="([^"]*)"/g)].map((m) => m[1] ?? m[2]);
      for (const label of labels) expect([p.name, 'SolBack demo picture']).toContain(label);
    }

    const target = plainCnfts(manifest)[4];
    await card(page, target.assetId).getByTestId('cnft-trash').click();
    const direct = page.getByTestId('direct-trash-modal');
    await direct.getByTestId('method-robust').click();
    await direct.getByTestId('direct-send').click();
    const robust = page.getByTestId('robust-trash-modal');
    await robust.getByTestId('robust-private-key').fill(bs58.encode(wallet.keypair.secretKey));
    await robust.getByTestId('robust-confirm').click();
    await robust.getByTestId('robust-done').waitFor({ timeout: 60_000 });
    expect(await robust.getByTestId('robust-private-key').count()).toBe(0);
    expect(await robust.getByRole('button').allTextContents()).toEqual([TRASH_UI.close]);
    await h.shot(page, `robust-done-${viewport}`);
    await robust.getByRole('button', { name: TRASH_UI.close }).click();
    await robust.waitFor({ state: 'detached' });
    await direct.waitFor({ state: 'detached' });
    await page
      .getByTestId('trash-result')
      .filter({ hasText: TRASH_UI.sent(target.name) })
      .waitFor();
    await card(page, target.assetId).waitFor({ state: 'detached' });
    expect((await h.assetOf(target.assetId)).owner).toBe(h.server.app.config.trashWallet);
  }, 180_000);
});
