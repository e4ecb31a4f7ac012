// The cNFT Select all and transfer queue tell the truth, in real Chromium at 1280 px and 390×844 (screenshots in
// .tmp/e2e-screen/): Select all leaves out the leaves Bubblegum will not move and says how many and why; a cNFT that
// fails is named; a queue cancelled while its delegations await the wallet says what happened, and when the late
// approval lands the revoke is offered and puts each leaf back on chain. Each failed before its fix (Select all (9)
// took the frozen and non-transferable leaves, the error named no asset, the cancel reset the modal silently).
import { ComputeBudgetProgram } from '@solana/web3.js';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';
import { QUEUE_MODAL, ASSETS_SCREEN, queueCancelledReport } from '../../src/common/texts';
import { REVOKE } from '../../src/common/texts/revokeTexts';
import { TRASH_UI } from '../../src/common/texts/trashTexts';
import { networkFee } from './burnSupport';
import { seriousViolations } from './support/axe';
import {
  VIEWPORT_NAMES,
  card,
  holdSecondWorkerSend,
  newDelegates,
  plainCnfts,
  sum,
  screenHarness,
} from './screenSupport';
import { until } from '../support/until';

const h = screenHarness();

describe.each(VIEWPORT_NAMES)('at %s', (viewport) => {
  test('Select all leaves out the frozen and non-transferable cNFTs and says why; a failing cNFT is named', async () => {
    const { page, wallet, manifest } = await h.session(viewport);
    const v2: any[] = manifest.kinds.cnftsV2;
    const frozen = v2.filter((c) => c.frozen);
    const fixed = v2.filter((c) => !c.frozen && c.nonTransferable);
    expect([frozen.length, fixed.length]).toEqual([1, 1]);
    const all: any[] = [...manifest.cnfts, ...v2];
    const movable = all.filter((c) => !frozen.includes(c) && !fixed.includes(c));
    await card(page, all[0].assetId).waitFor({ timeout: 30_000 });
    await page
      .getByTestId(`cnft-card`)
      .nth(all.length - 1)
      .waitFor();

    const tools = page.getByTestId('cnft-tools');
    await tools.getByRole('button', { name: ASSETS_SCREEN.selectAll(movable.length) }).click();
    const note = page.getByTestId('cnft-left-out');
    await expect(note.textContent()).resolves.toBe(
      TRASH_UI.leftOut([
        ['frozen', 1],
        ['nonTransferable', 1],
      ]),
    );
    const trashSelected = page.getByTestId('cnft-trash-selected');
    await expect(trashSelected.textContent()).resolves.toBe(`${TRASH_UI.trashSelected} (${movable.length})`);
    for (const c of [...frozen, ...fixed]) {
      expect(await card(page, c.assetId).getByTestId('cnft-checkbox').count()).toBe(0);
      await card(page, c.assetId).click(); // not selectable by hand either
    }
    await expect(trashSelected.textContent()).resolves.toBe(`${TRASH_UI.trashSelected} (${movable.length})`);
    await note.scrollIntoViewIfNeeded();
    await h.shot(page, `cnft-select-all-left-out-${viewport}`);

    // The server cannot build the delegation of one cNFT: the failure names it, and nothing was signed.
    const target = plainCnfts(manifest)[1];
    await page.route('**/api/cnft/delegate', (r) =>
      r.request().postDataJSON()?.assetId === target.assetId
        ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"tree busy"}' })
        : r.continue(),
    );
    await trashSelected.click();
    const modal = page.getByTestId('queue-modal');
    await expect(modal.getByTestId('queue-state').textContent()).resolves.toBe(TRASH_UI.selectedCount(movable.length));
    await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
    const error = modal.getByTestId('queue-error');
    await error.waitFor({ timeout: 60_000 });
    await expect(error.textContent()).resolves.toMatch(new RegExp(`^${target.name}: `));
    expect(wallet.approvals).toHaveLength(0);
    await error.scrollIntoViewIfNeeded();
    await h.shot(page, `cnft-queue-failure-named-${viewport}`);
  }, 180_000);

  test('a queue cancelled while its delegations await the wallet says so; the late approval lands and is revoked on chain', async () => {
    const { page, wallet, owner, manifest } = await h.session(viewport, 'demo', { messages: true });
    const delegate = h.server.app.delegate!.publicKey.toBase58();
    let asked = false;
    let approveNow!: () => void;
    const approved = new Promise<void>((r) => (approveNow = r));
    wallet.control.approve = async () => {
      asked = true;
      await approved; // the wallet's window stays open while the user cancels in the page
      return true;
    };
    const two = plainCnfts(manifest).slice(2, 4);
    await card(page, two[0].assetId).waitFor({ timeout: 30_000 });
    for (const c of two) await card(page, c.assetId).getByTestId('cnft-checkbox').check();
    await page.getByTestId('cnft-trash-selected').click();
    const modal = page.getByTestId('queue-modal');
    await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
    await until(() => asked, 60_000, 'the wallet was asked to approve the delegations');
    const before = await h.balance(wallet);

    await page.keyboard.press('Escape'); // cancels the running queue; the modal stays to say what happened
    const report = modal.getByTestId('queue-cancelled-early');
    await expect(report.textContent()).resolves.toBe(TRASH_UI.cancelledEarly(0));
    await h.shot(page, `queue-cancelled-awaiting-approval-${viewport}`);

    approveNow(); // the user approves in the wallet after all: the delegations land
    await report.filter({ hasText: TRASH_UI.cancelledEarly(2) }).waitFor({ timeout: 60_000 });
    const offer = modal.getByTestId('revoke-offer');
    await offer.getByRole('button', { name: REVOKE.button(2) }).waitFor({ timeout: 60_000 });
    for (const c of two) {
      expect((await h.assetOf(c.assetId)).delegate).toBe(delegate);
      expect(await h.leafOnChain(c.assetId, owner, delegate)).toBe(true);
    }
    expect(wallet.messages).toHaveLength(0); // the queue was never authorised: the server moves nothing
    const delegations = wallet.approvals[0];
    // ONE approval held the 2 delegations and the authorisation memo (last); the page sent them once approved.
    expect(delegations).toHaveLength(2 + 1);
    // The memo after our compute-budget pair (so the wallet adds no fee of its own).
    expect(delegations[2].instructions.map((ix) => ix.programId.toBase58())).toEqual([
      ComputeBudgetProgram.programId.toBase58(),
      ComputeBudgetProgram.programId.toBase58(),
      MEMO_PROGRAM_ID.toBase58(),
    ]);
    expect((await h.balance(wallet)) - before).toBe(-sum(delegations.map(networkFee)));
    await offer.scrollIntoViewIfNeeded();
    await h.shot(page, `queue-cancelled-revoke-offer-${viewport}`);

    await offer.getByRole('button', { name: REVOKE.button(2) }).click();
    await offer
      .getByTestId('revoke-done')
      .filter({ hasText: REVOKE.done(2) })
      .waitFor({ timeout: 60_000 });
    expect(newDelegates(wallet.approvals[1])).toEqual([owner, owner]);
    for (const c of two) {
      expect(await h.assetOf(c.assetId)).toEqual({ owner, delegate: null, burnt: false });
      expect(await h.leafOnChain(c.assetId, owner, owner)).toBe(true);
    }
  }, 240_000);

  test('Close on a running queue asks first; after a cancel, the transfer in flight lands and the log and lists say 2 moved', async () => {
    const { page, manifest } = await h.session(viewport, 'demo', { messages: true });
    const { trashWallet: trash } = h.server.app.config;
    const worker = holdSecondWorkerSend(h); // the second transfer waits at the chain's door
    try {
      const three = plainCnfts(manifest).slice(0, 3);
      await card(page, three[0].assetId).waitFor({ timeout: 30_000 });
      for (const c of three) await card(page, c.assetId).getByTestId('cnft-checkbox').check();
      await page.getByTestId('cnft-trash-selected').click();
      const modal = page.getByTestId('queue-modal');
      await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
      const owners = () => Promise.all(three.map(async (c) => (await h.assetOf(c.assetId)).owner));
      await until(
        async () => (await owners()).filter((o) => o === trash).length === 1 && worker.sends.size >= 2,
        120_000,
        'the first cNFT moved and the second held',
      );

      // Close asks and cancels nothing; Escape answers "keep it running"; the queue still runs.
      const state = modal.getByTestId('queue-state');
      await modal.getByTestId('queue-close').click();
      const ask = modal.getByTestId('queue-close-ask');
      await expect(ask.textContent()).resolves.toContain(TRASH_UI.queueCloseQuestion);
      await until(
        () => page.evaluate((t) => document.activeElement?.textContent === t, TRASH_UI.queueKeepRunning),
        5_000,
        'focus on Keep it running',
      );
      await ask.scrollIntoViewIfNeeded();
      await h.shot(page, `queue-close-asks-${viewport}`);
      expect(await seriousViolations(page, '[data-testid="queue-modal"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'detached' });
      await expect(state.getAttribute('data-state')).resolves.toBe('processing');
      await page.keyboard.press('Escape');
      await ask.waitFor();
      await expect(state.getAttribute('data-state')).resolves.toBe('processing');

      // Cancel on purpose: 1 moved, 1 in flight. The held transfer then lands; the report, the counts, the list
      // and Recent Activity all end at 2 moved (the log once said fewer than had moved).
      await ask.getByRole('button', { name: QUEUE_MODAL.cancel }).click();
      const report = modal.getByTestId('queue-cancelled');
      await expect(report.textContent()).resolves.toBe(queueCancelledReport(1, 1, 0));
      worker.release();
      await report.filter({ hasText: queueCancelledReport(2, 0, 0) }).waitFor({ timeout: 60_000 });
      expect((await owners()).filter((o) => o === trash)).toHaveLength(2);
      for (const c of three) {
        const gone = (await h.assetOf(c.assetId)).owner === trash;
        await card(page, c.assetId).waitFor({ state: gone ? 'detached' : 'attached' });
      }
      await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('2');
      const entries = page.getByTestId('activity-entry').filter({ hasText: 'trashed by the queue' });
      await entries.filter({ hasText: ASSETS_SCREEN.cnftQueueTitle(2) }).waitFor({ state: 'attached' });
      await expect(entries.count()).resolves.toBe(1);
      await report.scrollIntoViewIfNeeded();
      await h.shot(page, `queue-cancel-settled-${viewport}`);
    } finally {
      worker.stop();
    }
  }, 300_000);
});
