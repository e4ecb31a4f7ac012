// The four flows of the hostile-server suite (e2e/hostile.test.ts), each driven in one Chromium page loaded through
// the hostile proxy: how to open it for a freshly funded wallet, which server answer carries its transactions, and
// one action that asks the page to sign. The wallet's key stays in Node; it counts every signing request it receives
// and declines them all, so a case the guard let through shows as a call (and still moves nothing).
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { recoverVacant } from './support/vacantReport';
import { SELECTION } from '../../src/common/texts';
import { watchErrors } from './support/browser';
import type { HostileProxy } from './support/hostileProxy';
import { installTestWallet } from './support/testWallet';

export type FlowName = 'vacant close' | 'single token burn' | 'bulk token burn' | 'bulk NFT burn' | 'cNFT queue';

export interface FlowSession {
  owner: string;
  page: Page;
  /** Signing requests (transactions or messages) the wallet received. */
  signCalls(): number;
  /** Asks the page to sign once; resolves with the text the page then shows (alert, status line or modal error). */
  act(): Promise<string>;
  /** Loads the page again (an /api/config rewrite reaches only a fresh page: the page keeps its config). */
  reload(): Promise<void>;
  errors: string[];
  close(): Promise<void>;
}

export interface FlowEnv {
  /** A browser context from the file's browserSuite (closed by it). */
  newContext(): Promise<BrowserContext>;
  proxy: HostileProxy;
  /** Funds a wallet on the local chain (directly, not through the proxy); answers the manifest. */
  fund(owner: string): Promise<any>;
}

/** The answer (path) that carries the server-built transactions of a flow; null when the page builds them itself. */
export const TRANSACTION_ANSWER: Record<FlowName, RegExp | null> = {
  'vacant close': /^\/api\/prepare-burn-transactions$/,
  'single token burn': null,
  'bulk token burn': null,
  'bulk NFT burn': /^\/api\/batch-burn-nft$/,
  'cNFT queue': /^\/api\/cnft\/delegate$/,
};

async function connect(page: Page, url: string, walletName: string, ready: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  await page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: new RegExp(walletName) })
    .click();
  await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
  await page.getByTestId(ready).first().waitFor({ timeout: 60_000 });
}

/** Selects a card with the keyboard until it reads as selected (grids are windowed: the card may render late). */
async function select(page: Page, selector: string): Promise<void> {
  const card = page.locator(selector);
  const selected = async () =>
    (await card.getAttribute('aria-pressed')) === 'true' ||
    /\bselected\b/.test((await card.getAttribute('class')) ?? '');
  for (let attempt = 0; !(await selected()); attempt++) {
    if (attempt > 3) throw new Error(`could not select ${selector}`);
    const checkbox = card.getByRole('checkbox'); // cNFT cards carry a real checkbox; token and NFT cards are buttons
    if (await checkbox.count()) await checkbox.press('Space');
    else await card.press('Enter');
  }
}

const READY: Record<FlowName, string> = {
  'vacant close': 'vacant-recover',
  'single token burn': 'token-card',
  'bulk token burn': 'token-card',
  'bulk NFT burn': 'nft-card',
  'cNFT queue': 'cnft-card',
};

export async function openFlow(env: FlowEnv, flow: FlowName): Promise<FlowSession> {
  const context: BrowserContext = await env.newContext();
  let calls = 0;
  const wallet = await installTestWallet(context, {
    approve: (op) => {
      if (op === 'connect') return true;
      calls++;
      return false; // the user declines: even a case the guard let through moves nothing
    },
  });
  // Every status-line text the page shows, in order (a refusal repeats the same text, so presence alone says nothing).
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __burnTexts: string[] }).__burnTexts = shown;
    new MutationObserver((records) => {
      for (const r of records)
        r.addedNodes.forEach((n) => {
          const el = n instanceof Element ? n : null;
          const hit = el?.matches('[data-testid="burn-message"]')
            ? el
            : el?.querySelector('[data-testid="burn-message"]');
          if (hit) shown.push(hit.textContent ?? '');
        });
    }).observe(document, { childList: true, subtree: true });
  });
  const owner = wallet.keypair.publicKey.toBase58();
  const manifest = await env.fund(owner);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.accept();
  });

  const prepare = async (reloaded = false) => {
    if (reloaded) {
      // The wallet adapter reconnects the last wallet by itself after a reload.
      await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
      await page.getByTestId(READY[flow]).first().waitFor({ timeout: 60_000 });
    } else await connect(page, env.proxy.url, wallet.name, READY[flow]);
    if (flow === 'bulk token burn')
      for (const t of manifest.tokens.slice(0, 2))
        await select(page, `[data-testid="token-card"][data-mint="${t.mint}"]`);
    if (flow === 'single token burn') {
      const toggle = page.getByRole('switch', { name: 'Bulk Select Mode' });
      if (await toggle.isChecked()) await page.getByTestId('bulk-mode-toggle').click();
    }
    if (flow === 'bulk NFT burn')
      for (const n of manifest.nfts.slice(0, 2)) await select(page, `[data-testid="nft-card"][data-mint="${n.mint}"]`);
    if (flow === 'cNFT queue') {
      // Two leaves not yet delegated: the queue asks the server for their delegate transactions.
      const free = manifest.cnfts.filter((c: { delegate: string | null }) => !c.delegate).slice(0, 2);
      for (const c of free) await select(page, `[data-testid="cnft-card"][data-mint="${c.assetId}"]`);
    }
  };
  await prepare();

  const burnTexts = () => page.evaluate(() => (window as unknown as { __burnTexts: string[] }).__burnTexts.slice());
  const textAfter = async (start: () => Promise<void>, shown: () => Promise<string | null>) => {
    await start();
    for (const end = Date.now() + 60_000; Date.now() < end; await page.waitForTimeout(100)) {
      const text = await shown();
      if (text) return text;
    }
    throw new Error(`${flow}: the page showed nothing`);
  };

  const act = async (): Promise<string> => {
    switch (flow) {
      case 'vacant close': {
        // The report is in the page (no native dialog); an answer the guard passes reaches the review: confirm it.
        await page.getByTestId('vacant-recover').waitFor();
        return (await recoverVacant(page, { timeout: 60_000 })).text;
      }
      case 'single token burn':
      case 'bulk token burn':
      case 'bulk NFT burn': {
        const button =
          flow === 'single token burn'
            ? page.getByRole('button', { name: 'Burn', exact: true }).first()
            : page.getByRole('button', {
                name: flow === 'bulk NFT burn' ? SELECTION.burnSelectedNfts : SELECTION.burnSelectedTokens,
              });
        const review = page.getByTestId('review-dialog');
        const seen = (await burnTexts()).length;
        return textAfter(
          () => button.click(),
          async () => {
            // An answer the guard passes reaches the review step: confirm it, so the wallet is asked (and declines).
            if (await review.isVisible()) await review.getByRole('button', { name: 'Confirm and sign' }).click();
            const texts = await burnTexts();
            return texts.length > seen ? texts[texts.length - 1] : null;
          },
        );
      }
      case 'cNFT queue': {
        await page.getByTestId('cnft-trash-selected').click();
        const modal = page.getByTestId('queue-modal');
        const error = modal.getByTestId('queue-error');
        const text = await textAfter(
          () => modal.getByTestId('queue-start').click(),
          async () => ((await error.count()) ? error.textContent() : null),
        );
        await modal.getByTestId('queue-close').click();
        await modal.waitFor({ state: 'detached' });
        return text;
      }
    }
  };

  return {
    owner,
    page,
    errors,
    signCalls: () => calls,
    act,
    reload: async () => {
      await page.reload();
      await prepare(true);
    },
    close: () => context.close(),
  };
}
