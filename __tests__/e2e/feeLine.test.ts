// The fee statement against every flow's review, in real Chromium on the demo wallet (docs/PRODUCT.md#fees): the
// landing page's cost line names the flows that carry the 1 % service fee and those that carry none (the catalogue's
// FEE_FLOWS); each flow's review is opened and cancelled, nothing is signed. A flow that carries it shows 1 % of what
// comes back (rent, surplus and claimed rewards, not the owner's own SOL), rounded down per transaction as the fee functions round it;
// a flow that carries none shows 0. A flow named in the statement without a check here fails the test. Each cancel
// is an outcome of its section: at the end every section shows one line, its last.
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { createApproveInstruction } from '@solana/spl-token';
import type { Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { NATIVE_MINT } from '../../src/common/addresses';
import { ASSETS_SCREEN, FEE_FLOWS, SELECTION, VACANT_ERRORS } from '../../src/common/texts';
import { RECOVERY_SECTION } from '../../src/common/texts/recoveryTexts';
import { installBurnWallet, clickCard } from './burnSupport';
import { screenHarness } from './screenSupport';
import { until } from '../support/until';

const h = screenHarness();

type Flow = keyof typeof FEE_FLOWS.carried | keyof typeof FEE_FLOWS.none;

interface FeeSeen {
  /** What comes back that the fee may be charged on: the review's rent, surplus and rewards lines. */
  base: number;
  serviceFee: number;
  transactions: number;
}

/** Reads the open review's figures, then cancels it: nothing is signed. */
async function readAndCancel(page: Page): Promise<FeeSeen> {
  const dialog = page.getByTestId('review-dialog');
  await dialog.waitFor({ timeout: 90_000 });
  const lamports = async (id: string) =>
    (await dialog.getByTestId(id).count()) ? Number(await dialog.getByTestId(id).getAttribute('data-lamports')) : 0;
  const seen = {
    base: (await lamports('review-rent')) + (await lamports('review-surplus')) + (await lamports('review-rewards')),
    serviceFee: await lamports('review-service-fee'),
    transactions: Number(await dialog.getByTestId('review-simulated-agrees').getAttribute('data-transactions')),
  };
  await dialog.getByRole('button', { name: ASSETS_SCREEN.reviewCancel }).click();
  await dialog.waitFor({ state: 'detached' });
  return seen;
}

const nftCard = (page: Page, mint: string) => page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`);
const tokenCard = (page: Page, mint: string) => page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);

/** Selects the cards (bulk mode), burns the selection through its button, reads its review, then deselects. */
async function selectedReview(page: Page, cards: ReturnType<Page['locator']>[], button: string, estimate: string) {
  for (const c of cards) await clickCard(page, c);
  await page
    .getByTestId(estimate)
    .filter({ hasText: `(${cards.length})` })
    .waitFor();
  await page.getByRole('button', { name: button }).click();
  const seen = await readAndCancel(page);
  for (const c of cards) await clickCard(page, c);
  return seen;
}

/** The empty-account recovery's review, with the surplus withdrawal ticked or not. */
async function vacantReview(page: Page, surplus: boolean): Promise<FeeSeen> {
  await page.getByTestId('vacant-withdraw-surplus').setChecked(surplus);
  await page.getByTestId('vacant-recover').click();
  return readAndCancel(page);
}

/** "More SOL"'s review with exactly the rows `pick` chooses ticked. */
async function moreSolReview(page: Page, pick: (kind: string) => boolean): Promise<FeeSeen> {
  const rows = page.getByTestId('more-sol').getByTestId('recovery-source');
  for (const row of await rows.all()) {
    const box = row.getByRole('checkbox');
    if (await box.isEnabled()) await box.setChecked(pick((await row.getAttribute('data-kind'))!));
  }
  await page.getByTestId('recovery-recover').click();
  return readAndCancel(page);
}

test('every flow the landing page’s fee statement names: its review’s service-fee line is 1 % iff the statement says so', async () => {
  const context = await h.newPage('desktop');
  const wallet = await installBurnWallet(context, 'Burn Test Wallet');
  const owner = wallet.keypair.publicKey;
  const { manifest } = await h.post('localnet/fund', { owner: owner.toBase58(), profile: 'demo' });
  const tokens = manifest.tokens.filter((t: any) => t.mint !== NATIVE_MINT && BigInt(t.amount) > 0n);
  // An approval on one of the wallet's tokens, so that "More SOL" offers a revoke.
  const approved = tokens[0];
  const approve = new Transaction().add(
    createApproveInstruction(
      new PublicKey(approved.account),
      Keypair.generate().publicKey, // the delegate
      owner,
      1n,
      [],
      new PublicKey(approved.program),
    ),
  );
  approve.feePayer = owner;
  approve.recentBlockhash = (await h.connection.getLatestBlockhash()).blockhash;
  approve.sign(wallet.keypair);
  const approval = await h.connection.sendRawTransaction(approve.serialize());
  await until(
    async () => (await h.connection.getSignatureStatus(approval)).value?.confirmationStatus,
    60_000,
    'the approval confirmed',
  );

  // The statement as the landing page shows it, split where the flows that carry none begin.
  const page = await context.newPage();
  await page.goto(h.server.url);
  const statement =
    (await page
      .getByTestId('landing')
      .getByText(/^Cost:/)
      .textContent()) ?? '';
  expect(statement).toBe(ASSETS_SCREEN.landingCost);
  const cut = statement.indexOf(FEE_FLOWS.none.tokens);
  const [carriesText, noneText] = [statement.slice(0, cut), statement.slice(cut)];
  const flows = [...Object.entries(FEE_FLOWS.carried), ...Object.entries(FEE_FLOWS.none)] as [Flow, string][];
  for (const [flow, words] of flows)
    expect([flow, (flow in FEE_FLOWS.carried ? carriesText : noneText).includes(words)]).toEqual([flow, true]);

  await h.connect(page, wallet);
  await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('vacant-recover').waitFor({ timeout: 90_000 });
  // More SOL has read the chain once the approval made above is listed.
  await page
    .getByTestId('more-sol')
    .locator('[data-testid="recovery-source"][data-kind="approval"]')
    .waitFor({ timeout: 90_000 });

  const nfts = manifest.nfts.map((n: any) => nftCard(page, n.mint));
  const twoTokens = tokens.slice(1, 3).map((t: any) => tokenCard(page, t.mint));
  // Every flow's reviews, each opened and cancelled (a flow with two routes has a review for each).
  const reviews: Record<Flow, () => Promise<FeeSeen[]>> = {
    tokens: async () => [await selectedReview(page, twoTokens, SELECTION.burnSelectedTokens, 'rent-selected-tokens')],
    nfts: async () => [await selectedReview(page, nfts.slice(0, 2), SELECTION.burnSelectedNfts, 'rent-selected-nfts')],
    nftAlone: async () => {
      const selected = await selectedReview(page, nfts.slice(0, 1), SELECTION.burnSelectedNfts, 'rent-selected-nfts');
      // Its card's own Burn button, with bulk mode off (then on again).
      await page.getByTestId('bulk-mode-toggle').click();
      await nfts[0].getByRole('button', { name: 'Burn', exact: true }).click();
      const byCard = await readAndCancel(page);
      await page.getByTestId('bulk-mode-toggle').click();
      return [selected, byCard];
    },
    vacant: async () => [await vacantReview(page, false)],
    surplus: async () => [await vacantReview(page, true)],
    moreSol: async () => [await moreSolReview(page, (kind) => kind !== 'approval')],
    revoke: async () => [await moreSolReview(page, (kind) => kind === 'approval')],
  };

  const seen: Record<string, FeeSeen[]> = {};
  for (const [flow] of flows) {
    expect([flow, typeof reviews[flow]]).toEqual([flow, 'function']); // a flow in the statement without a check
    seen[flow] = await reviews[flow]();
  }
  console.log('fee line per flow (lamports):', JSON.stringify(seen));
  for (const [flow] of flows)
    for (const s of seen[flow]) {
      if (!(flow in FEE_FLOWS.carried)) {
        expect([flow, s.serviceFee]).toEqual([flow, 0]);
        continue;
      }
      // 1 % of each transaction's returns, rounded down: at most 1 % of the whole, less by under a lamport per
      // transaction; the 1 % is far above that bound, so a fee left out cannot pass for rounding.
      const whole = serviceFee(s.base);
      expect(whole).toBeGreaterThan(s.transactions);
      expect([flow, s.serviceFee <= whole && s.serviceFee > whole - s.transactions]).toEqual([flow, true]);
    }
  // The surplus carries its own 1 %: the review with it charges more than the one without, by 1 % of the surplus.
  const [withSurplus, without] = [seen.surplus[0], seen.vacant[0]];
  expect(withSurplus.base).toBeGreaterThan(without.base);
  expect(withSurplus.serviceFee - without.serviceFee).toBeGreaterThanOrEqual(
    serviceFee(withSurplus.base - without.base) - withSurplus.transactions,
  );
  expect(wallet.approvals).toEqual([]); // nothing was signed
  // Each cancel was an outcome of its section (4 burns, 2 empty-account recoveries, 2 More SOL): one line each, the last.
  const lines = async (id: string) => page.getByTestId(id).allTextContents();
  expect(await lines('burn-message')).toEqual([ASSETS_SCREEN.reviewCancelled]);
  expect(await lines('vacant-report-text')).toEqual([VACANT_ERRORS.reviewCancelled]);
  expect(await lines('recovery-message')).toEqual([RECOVERY_SECTION.cancelled]);
}, 420_000);
