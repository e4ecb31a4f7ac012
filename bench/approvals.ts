// Wallet approvals the page asks for, driven in Chromium: close the large wallet's 200 vacant accounts, burn 50
// tokens, burn 20 NFTs; and the 200 closes again with a wallet that refuses batches (one approval per transaction
// then, docs/PRODUCT.md "One transaction at a time"). One approval = one `solana:signTransaction` call; a step is
// done when the chain shows every account closed.
import type { Page } from 'playwright-core';
import type { Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../src/common/addresses';
import { SELECTION, selectedCount } from '../src/common/texts';
import { isBurnable } from '../src/features/assets/tokens/tokenModel';
import { answerReview, type BurnWallet } from '../__tests__/e2e/burnSupport';
import { until } from '../__tests__/support/until';
import { sectionCount, sectionLoading, sleep } from './page';
import { type Bench, lamportsOf } from './support';

export interface ApprovalRow {
  what: string;
  count: number;
  approvals: number;
  transactions: number;
  perTransaction: number[];
  done: boolean;
  /** The wallet refuses batches: the goal is one approval per transaction, after `refused` (1) refused request. */
  oneAtATime?: { refused: number };
}

/** One approval per action; with a batch-refusing wallet one per transaction after exactly one refusal. */
export const approvalsAsExpected = (r: ApprovalRow): boolean =>
  r.done && (r.oneAtATime ? r.oneAtATime.refused === 1 && r.approvals === r.transactions : r.approvals === 1);

/** Approvals since `from`, and per transaction the instructions that do the work (`unit` picks them). */
function approvalsSince(wallet: BurnWallet, from: number, unit: (ix: Transaction['instructions'][number]) => boolean) {
  const approvals = wallet.approvals.slice(from);
  const perTransaction = approvals.flat().map((tx) => tx.instructions.filter(unit).length);
  return { approvals: approvals.length, transactions: approvals.flat().length, perTransaction };
}
const isTokenIx = (ix: Transaction['instructions'][number], code: number) =>
  [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(ix.programId.toBase58()) && ix.data[0] === code;
const CLOSE = 9;
const BURN_CHECKED = 15;

const allClosed = async (b: Bench, accounts: string[]) => (await lamportsOf(b, accounts)).every((l) => l === 0);

export async function closeVacant(b: Bench, page: Page, wallet: BurnWallet, manifest: any): Promise<ApprovalRow> {
  const accounts: string[] = manifest.emptyAccounts.map((a: any) => a.account);
  const [from, refusedBefore] = [wallet.approvals.length, wallet.refused()];
  // A failed estimate offers Retry: pressed while waiting, as a user would.
  const bannerOrRetry = async () => {
    if (await page.getByTestId('vacant-banner').isVisible()) return true;
    if (await page.getByTestId('rent-retry').isVisible()) await page.getByTestId('rent-retry').click();
    return false;
  };
  await until(bannerOrRetry, 120_000, 'the vacant banner');
  // Closes only: the surplus withdrawals have their own section (bench/surplus.ts) and would make this step 66 transactions.
  const surplusBox = page.getByTestId('vacant-withdraw-surplus');
  if (await surplusBox.isVisible()) await surplusBox.uncheck();
  await page.getByTestId('vacant-recover').click();
  await answerReview(page); // the recovery goes through the same review step as a burn: Confirm and sign
  await until(() => allClosed(b, accounts), 180_000, '200 closes on chain');
  const a = approvalsSince(wallet, from, (ix) => isTokenIx(ix, CLOSE));
  const refused = wallet.refused() - refusedBefore;
  return {
    what: `close ${accounts.length} vacant accounts${refused ? ' (a wallet that refuses batches)' : ''}`,
    count: accounts.length,
    ...a,
    done: true,
    ...(refused ? { oneAtATime: { refused } } : {}),
  };
}

/** Selects cards in a virtualised grid: presses the ones on screen, scrolls on, until `n` are chosen. */
async function selectCards(
  page: Page,
  section: string,
  card: string,
  n: number,
  allowed: Set<string>,
  select: (mint: string) => Promise<void>,
) {
  const chosen: string[] = [];
  const grid = page.getByTestId(section).getByRole('list');
  for (let scrolls = 0; chosen.length < n; scrolls++) {
    if (scrolls > 200) throw new Error(`could only select ${chosen.length} of ${n} in ${section}`);
    const mints = await grid
      .locator(`[data-testid=${card}]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-mint')!));
    for (const mint of mints) {
      if (chosen.length >= n || chosen.includes(mint) || !allowed.has(mint)) continue;
      await select(mint);
      chosen.push(mint);
    }
    await grid.evaluate((el) => el.scrollBy({ top: el.clientHeight }));
    await sleep(150);
  }
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  return chosen;
}

export async function burnTokens(
  b: Bench,
  page: Page,
  wallet: BurnWallet,
  manifest: any,
  n: number,
): Promise<ApprovalRow> {
  const byMint = new Map<string, any>(
    manifest.tokens
      .filter((t: any) => isBurnable({ balance: t.amount, decimals: t.decimals }))
      .map((t: any) => [t.mint, t]),
  );
  const mints = await selectCards(page, 'tokens-section', 'token-card', n, new Set(byMint.keys()), async (mint) => {
    const el = page.locator(`[data-testid="token-card"][data-mint="${mint}"]`);
    for (let i = 0; (await el.getAttribute('aria-pressed')) !== 'true'; i++) {
      if (i > 3) throw new Error(`could not select token ${mint}`);
      await el.press('Enter');
    }
  });
  await until(
    async () => ((await page.getByTestId('selected-count').textContent()) ?? '').includes(String(n)),
    20_000,
    `${n} selected`,
  );
  const from = wallet.approvals.length;
  await page.getByRole('button', { name: SELECTION.burnSelectedTokens }).click();
  await answerReview(page); // the review step before any burn: Confirm (and yes to its value question)
  const accounts = mints.map((m) => byMint.get(m).account);
  await until(() => allClosed(b, accounts), 180_000, `${n} token burns on chain`);
  const a = approvalsSince(wallet, from, (ix) => isTokenIx(ix, BURN_CHECKED));
  return { what: `burn ${n} tokens`, count: n, ...a, done: true };
}

/**
 * NFTs: all `n` selected, one click on 'Burn Selected NFTs'. Over 10 the rent card shows the spec's warning, but the
 * page sends them all in one request and signs every transaction the server packs with one approval (PRODUCT difference 6).
 */
export async function burnNfts(
  b: Bench,
  page: Page,
  wallet: BurnWallet,
  manifest: any,
  n: number,
): Promise<ApprovalRow> {
  const byMint = new Map<string, any>(manifest.nfts.map((x: any) => [x.mint, x]));
  const mints = await selectCards(page, 'nfts-section', 'nft-card', n, new Set(byMint.keys()), async (mint) => {
    await page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`).getByRole('checkbox').check();
  });
  await until(
    async () => (await page.getByTestId('selected-count').textContent()) === selectedCount(n),
    20_000,
    `${n} selected`,
  );
  const from = wallet.approvals.length;
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  await answerReview(page);
  await until(
    () =>
      allClosed(
        b,
        mints.map((m) => byMint.get(m).tokenAccount),
      ),
    180_000,
    `${n} NFT burns on chain`,
  );
  await until(
    async () => (await page.getByTestId('selected-count').textContent()) === selectedCount(0),
    20_000,
    'the selection to clear',
  );
  const a = approvalsSince(wallet, from, (ix) => ix.programId.toBase58() === TOKEN_METADATA_PROGRAM);
  return { what: `burn ${n} NFTs`, count: n, ...a, done: true };
}

/** After the recovery (in the page, no reload: its report shows in the banner): tokens and NFTs listed again. */
export async function listsReady(page: Page) {
  await until(
    async () => !(await sectionLoading(page, 'tokens-section')) && (await sectionCount(page, 'tokens-section')) > 0,
    180_000,
    'tokens listed',
  );
  await until(
    async () => !(await sectionLoading(page, 'nfts-section')) && (await sectionCount(page, 'nfts-section')) > 0,
    180_000,
    'NFTs listed',
  );
}
