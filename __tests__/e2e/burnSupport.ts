// Helpers for the burn e2e tests: the test wallet (support/testWallet.ts) as a sign-only wallet that counts approvals
// (`solana:signTransaction` gets every transaction of one approval in one call), and chain reads for exact lamports.
import { type Keypair, Transaction } from '@solana/web3.js';
import type { BrowserContext, Page } from 'playwright-core';
import { WALLET_KINDS, type WalletGuard, installTestWallet } from './support/testWallet';
export { networkFee } from '../support/networkFee';

export interface BurnWalletControl {
  /** false = the user rejects this approval. */
  approve: (count: number) => boolean | Promise<boolean>;
  /** After approval n (0-based) is signed, before the page gets it back. */
  afterSign?: (n: number) => Promise<void>;
  /** With `messages`: false = the user rejects this message signature (may wait first). */
  approveMessage?: (text: string) => boolean | Promise<boolean>;
}

export interface BurnWallet {
  keypair: Keypair;
  name: string;
  /** One entry per approval: the signed transactions. */
  approvals: Transaction[][];
  /** With `messages`: every message the user was asked to sign, and whether it was signed. */
  messages: { text: string; signed: boolean }[];
  control: BurnWalletControl;
  /** Requests the wallet's own guard refused before the user saw them. */
  refused: () => number;
}

export async function installBurnWallet(
  context: BrowserContext,
  name = 'Burn Test Wallet',
  opts: { messages?: boolean; guard?: WalletGuard } = {},
): Promise<BurnWallet> {
  const control: BurnWalletControl = { approve: () => true };
  const approvals: Transaction[][] = [];
  const messages: BurnWallet['messages'] = [];
  // The one test wallet (support/testWallet.ts), sign-only, seen through this file's older shape: the signed
  // transactions of each approval, the messages asked, and controls a test may change while it runs.
  const wallet = await installTestWallet(context, {
    name,
    guard: opts.guard,
    features: opts.messages ? WALLET_KINDS.signOnly : WALLET_KINDS.noSignMessage,
    approve: async (op, detail, count) => {
      if (op === 'signTransaction') return control.approve(count);
      if (op !== 'signMessage') return true;
      const text = Buffer.from(detail as number[]).toString('utf8');
      const signed = (await control.approveMessage?.(text)) ?? true;
      messages.push({ text, signed });
      return signed;
    },
    afterApproval: async (_n, _op, signed) => {
      approvals.push(signed.map((tx) => Transaction.from(tx.serialize())));
      await control.afterSign?.(approvals.length - 1);
    },
  });
  return { keypair: wallet.keypair, name, approvals, messages, control, refused: () => wallet.refused.length };
}

/** Opens the page and connects the wallet through the modal; resolves once the token list has loaded. */
export async function openAndConnect(page: Page, url: string, wallet: BurnWallet): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  await page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: new RegExp(wallet.name) })
    .click();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId('token-card').first().waitFor({ timeout: 30_000 });
}

export interface ReviewFigures {
  rent: number;
  serviceFee: number;
  networkFee: number;
  solChange: number;
  /** Unstaked SOL a stake account gives back, apart from the rent (only when the review shows it). */
  principal?: number;
  /** Claimed rewards (Pump.fun creator fees, cashback), shown apart from rent. */
  rewards?: number;
  /** The owner's change as the chain's simulation answered it. */
  simulated: number;
  destroyed: number;
}

/**
 * The review step before a burn: reads its figures (exact lamports in data attributes), then confirms (answering the
 * value question too, when asked) or cancels.
 */
export async function answerReview(page: Page, confirm = true): Promise<ReviewFigures> {
  const dialog = page.getByTestId('review-dialog');
  await dialog.waitFor({ timeout: 60_000 });
  // A figure the review leaves out (no rent back for a revoke alone, no unstaked SOL) reads 0.
  const lamports = async (id: string) =>
    (await dialog.getByTestId(id).count()) ? Number(await dialog.getByTestId(id).getAttribute('data-lamports')) : 0;
  const destroyed = dialog.getByTestId('review-destroyed');
  const figures = {
    rent: await lamports('review-rent'),
    serviceFee: await lamports('review-service-fee'),
    networkFee: await lamports('review-network-fee'),
    solChange: await lamports('review-sol-change'),
    simulated: Number(await dialog.getByTestId('review-simulated-agrees').getAttribute('data-lamports')),
    destroyed: (await destroyed.count()) ? Number(await destroyed.getAttribute('data-count')) : 0,
    ...((await dialog.getByTestId('review-principal').count())
      ? { principal: await lamports('review-principal') }
      : {}),
    ...((await dialog.getByTestId('review-rewards').count()) ? { rewards: await lamports('review-rewards') } : {}),
  };
  // Confirming says yes to everything the review asks: when the burn includes tokens worth more than their rent
  // (PRODUCT difference 14), the second question too. value.test.ts checks that question itself.
  const valueQuestion = dialog.getByTestId('value-ack');
  if (confirm && (await valueQuestion.count())) await valueQuestion.check();
  await dialog.getByRole('button', { name: confirm ? 'Confirm and sign' : 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return figures;
}

/** Grids are windowed and scroll with the page: scrolls down until the card is rendered. */
export async function scrollToCard(page: Page, card: ReturnType<Page['locator']>): Promise<void> {
  for (let y = 0; !(await card.count()); y += 400) {
    const height = await page.evaluate((top) => {
      window.scrollTo({ top });
      return document.documentElement.scrollHeight;
    }, y);
    if (y > height) throw new Error('the card is not on the page');
    await page.waitForTimeout(50);
  }
}

/** Scrolls the windowed grid until the card is rendered, then clicks it. */
export async function clickCard(page: Page, card: ReturnType<Page['locator']>): Promise<void> {
  await scrollToCard(page, card);
  await card.click();
}
