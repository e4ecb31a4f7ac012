// docs/PRODUCT.md, "Every state of an NFT or cNFT", in real Chromium on the `collector` profile: a batch of mixed NFT
// states is reviewed, signed and landed for exactly the figure shown; then a Bubblegum V2 leaf in a Metaplex Core
// collection goes to the trash (its leaf built with the collection), the fee line naming V2's transfer fee before and
// after the guard's simulation; the owner pays exactly the figure shown.
import { type Connection, PublicKey } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { exactSol } from '../../src/chain/format';
import {
  BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS,
  MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION,
} from '../../src/common/constants';
import { KIND_BLOCKED, SELECTION } from '../../src/common/texts';
import { TRASH_UI } from '../../src/features/trash/trash';
import { watchErrors } from './support/browser';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import {
  type BurnWallet,
  answerReview,
  clickCard,
  installBurnWallet,
  networkFee,
  openAndConnect,
  scrollToCard,
} from './burnSupport';

let server: TestServer;
let connection: Connection;

const post = (route: string, body: unknown) => postApi(server.url, route, body);

const suite = browserSuite({}, async (s) => {
  server = s.server;
  connection = s.connection;
  await post('localnet/fund', { owner: server.app.config.feeWallet }); // exists on a real cluster
});

/**
 * Sends a V2 leaf in a Core collection to the trash from its card: the fee line names V2's transfer fee before and
 * after the guard's simulation; the owner pays exactly the simulated figure shown. Returns that figure.
 */
async function trashV2Leaf(page: Page, wallet: BurnWallet, assetId: string): Promise<number> {
  const card = page.locator(`[data-testid="cnft-card"][data-mint="${assetId}"]`);
  await card.waitFor({ timeout: 30_000 });
  await page.getByTestId('bulk-mode-toggle').click(); // per-card buttons
  await card.getByTestId('cnft-trash').click();
  const fee = page.getByTestId('direct-trash-modal').getByTestId('cnft-network-fee');
  await expect(fee.textContent()).resolves.toBe(
    TRASH_UI.feeFromWallet(exactSol(5_000), exactSol(MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION)) +
      TRASH_UI.v2FeeFromPayer(exactSol(BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS), 1),
  );
  let release!: () => void;
  const held = new Promise<boolean>((r) => (release = () => r(true)));
  wallet.control.approve = () => held;
  const before = await connection.getBalance(wallet.keypair.publicKey, 'confirmed');
  await page.getByTestId('direct-send').click();
  const exact = page.locator('[data-testid="direct-trash-modal"] [data-testid="cnft-network-fee"][data-lamports]');
  await exact.waitFor({ timeout: 60_000 });
  const shown = Number(await exact.getAttribute('data-lamports'));
  await expect(exact.textContent()).resolves.toBe(TRASH_UI.v2FeeSimulated(exactSol(shown)));
  release();
  await card.waitFor({ state: 'detached', timeout: 60_000 });
  const tx = wallet.approvals[wallet.approvals.length - 1][0];
  expect(shown).toBe(networkFee(tx) + BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
  expect((await connection.getBalance(wallet.keypair.publicKey, 'confirmed')) - before).toBe(-shown);
  return shown;
}

test("mixed states (2 prints of one master, a print of a Token-2022 master, 2 plain NFTs) beside a master with prints, then a V2 cNFT in a Core collection: each figure shown equals the chain's change", async () => {
  const ctx = await suite.newContext();
  const wallet: BurnWallet = await installBurnWallet(ctx);
  const owner = wallet.keypair.publicKey;
  const { manifest } = await post('localnet/fund', { owner: owner.toBase58(), profile: 'collector' });
  const s = manifest.states;
  const page: Page = await ctx.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);
  const nftCard = (mint: string) => page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`);
  // The master with prints is on the page with Token Metadata's reason (MasterEditionHasPrints), and stays.
  const master = nftCard(s.masterWithPrints.mint);
  await scrollToCard(page, master);
  await expect(master.getByTestId('kind-blocked').textContent()).resolves.toBe(KIND_BLOCKED.masterHasPrints);
  const mints = [
    s.ownPrints[0].mint,
    s.ownPrints[1].mint,
    s.printOfToken2022Master.mint,
    ...manifest.nfts.slice(0, 2).map((n: { mint: string }) => n.mint),
  ];
  for (const m of mints) await clickCard(page, nftCard(m));
  const feeKey = new PublicKey(server.app.config.feeWallet);
  const [before, feeBefore] = [
    await connection.getBalance(owner, 'confirmed'),
    await connection.getBalance(feeKey, 'confirmed'),
  ];
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  const review = await answerReview(page);
  await page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 90_000 });
  expect(review.destroyed).toBe(mints.length);
  const txs = wallet.approvals.flat();
  const fees = txs.reduce((n, tx) => n + networkFee(tx), 0);
  const after = await connection.getBalance(owner, 'confirmed');
  expect(review.solChange).toBe(after - before);
  expect(after - before).toBe(review.rent - review.serviceFee - fees);
  expect((await connection.getBalance(feeKey, 'confirmed')) - feeBefore).toBe(review.serviceFee);
  console.log('mixed batch (lamports):', JSON.stringify(review));
  expect(await connection.getBalance(new PublicKey(s.masterWithPrints.tokenAccount), 'confirmed')).toBeGreaterThan(0);
  // Then the V2 leaf in a Core collection (cNFTs go to the trash, their own flow): the whole session's change is the
  // sum of the figures shown.
  const shown = await trashV2Leaf(page, wallet, s.cnftV2InCoreCollection.assetId);
  expect((await connection.getBalance(owner, 'confirmed')) - before).toBe(review.solChange - shown);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await ctx.close();
}, 240_000);
