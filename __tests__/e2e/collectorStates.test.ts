// docs/PRODUCT.md, "Every state of an NFT or cNFT", in real Chromium on the `collector` profile: a mixed batch (2 prints
// of the owner's own master, a print of a Token-2022 master, plain NFTs) beside a master with prints, which its card
// leaves alone with the reason and Select all never takes. The figure shown before the approval (the edition
// marker the second print empties included) equals what the chain returned; the owner's change is that minus the
// network fee and the 1 % fee.
import { type Connection, PublicKey, type Transaction } from '@solana/web3.js';
import type { BrowserContext, Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import { exactSol } from '../../src/chain/format';
import {
  BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS,
  MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION,
} from '../../src/common/constants';
import { KIND_BLOCKED, SELECTION } from '../../src/common/texts';
import { TRASH_UI } from '../../src/features/trash';
import { watchErrors } from './support/browser';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { type BurnWallet, answerReview, installBurnWallet, networkFee, openAndConnect } from './burnSupport';
import { lamportsOf as readLamports } from './support/lamports';

let server: TestServer;
let connection: Connection;
let context: BrowserContext;

const post = (route: string, body: unknown) => postApi(server.url, route, body);
const lamportsOf = (addresses: string[]) => readLamports(connection, addresses, 'confirmed');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const suite = browserSuite({}, async (s) => {
  server = s.server;
  connection = s.connection;
  await post('localnet/fund', { owner: server.app.config.feeWallet }); // exists on a real cluster
});
afterAll(async () => {
  await context?.close();
});

/** The mints each confirmed transaction burned (Token Metadata burnV1: mint at 4). */
const burnedIn = (tx: Transaction) =>
  tx.instructions.flatMap((ix) =>
    ix.programId.toBase58() === TOKEN_METADATA_PROGRAM ? [ix.keys[4].pubkey.toBase58()] : [],
  );

test('a mixed batch of prints and plain NFTs burns for exactly the figure shown; the master with prints is left alone', async () => {
  context = await suite.newContext();
  const wallet: BurnWallet = await installBurnWallet(context);
  const { manifest } = await post('localnet/fund', {
    owner: wallet.keypair.publicKey.toBase58(),
    profile: 'collector',
  });
  const st = manifest.states;
  const page: Page = await context.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);

  const card = (mint: string) => page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`);
  const accounts = (n: { tokenAccount: string; metadata: string; edition: string }) => [
    n.tokenAccount,
    n.metadata,
    n.edition,
  ];
  const [p1, p2] = st.ownPrints;
  const chosen = [
    { mint: p1.mint, accounts: accounts(p1) },
    // The second print of the marker empties it: its lamports come back with this burn (nonfungible_edition.rs).
    { mint: p2.mint, accounts: [...accounts(p2), p2.master.marker] },
    { mint: st.printOfToken2022Master.mint, accounts: accounts(st.printOfToken2022Master) },
    ...manifest.nfts.slice(0, 2).map((n: any) => ({ mint: n.mint, accounts: accounts(n) })),
  ];
  for (const c of chosen) await card(c.mint).waitFor({ timeout: 30_000 });
  // The masters with prints say why they stay, and cannot be ticked.
  const master = card(st.masterWithPrints.mint);
  await master.getByTestId('kind-blocked').filter({ hasText: KIND_BLOCKED.masterHasPrints }).waitFor();
  await master.click();

  const before0 = new Map<string, number[]>();
  for (const c of chosen) before0.set(c.mint, await lamportsOf(c.accounts));
  const masterBefore = await lamportsOf(accounts(st.masterWithPrints));
  for (const c of chosen) await card(c.mint).click();
  const shown = page.getByTestId('rent-selected-nfts');
  await shown.filter({ hasText: `(${chosen.length})` }).waitFor();
  const estimate = Number(await shown.getAttribute('data-lamports'));

  const feeWallet = new PublicKey(server.app.config.feeWallet);
  const [before, feeBefore] = await Promise.all([
    connection.getBalance(wallet.keypair.publicKey),
    connection.getBalance(feeWallet),
  ]);
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  const review = await answerReview(page);
  expect(review.rent).toBe(estimate);
  await page.getByTestId('burn-message').filter({ hasText: 'SOL returned' }).waitFor({ timeout: 60_000 });
  expect(wallet.approvals).toHaveLength(1);
  const txs = wallet.approvals[0];
  expect(txs.flatMap(burnedIn).sort()).toEqual(chosen.map((c) => c.mint).sort());

  const [after, feeAfter] = await Promise.all([
    connection.getBalance(wallet.keypair.publicKey),
    connection.getBalance(feeWallet),
  ]);
  const perMint = new Map<string, number>();
  for (const c of chosen) perMint.set(c.mint, sum(before0.get(c.mint)!) - sum(await lamportsOf(c.accounts)));
  const drained = sum([...perMint.values()]);
  expect(estimate).toBe(drained); // the figure shown before the approval, the emptied marker included
  expect((await lamportsOf([p2.master.marker]))[0]).toBe(0);
  const network = sum(txs.map(networkFee));
  const service = feeAfter - feeBefore;
  expect(after - before + network + service).toBe(drained);
  expect(service).toBe(sum(txs.map((tx) => serviceFee(sum(burnedIn(tx).map((m) => perMint.get(m)!))))));
  expect(await lamportsOf(accounts(st.masterWithPrints))).toEqual(masterBefore); // left alone: nothing moved
  await master.waitFor();
  console.log('collector e2e (lamports):', JSON.stringify({ drained, network, service, transactions: txs.length }));
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
}, 240_000);

test("a V2 cNFT in a Core collection goes to the trash: the fee line names V2's transfer fee and the owner pays exactly what it shows", async () => {
  const ctx = await suite.newContext();
  const wallet: BurnWallet = await installBurnWallet(ctx);
  const { manifest } = await post('localnet/fund', {
    owner: wallet.keypair.publicKey.toBase58(),
    profile: 'collector',
  });
  const leaf = manifest.states.cnftV2InCoreCollection;
  const page: Page = await ctx.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);
  const card = page.locator(`[data-testid="cnft-card"][data-mint="${leaf.assetId}"]`);
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
  const before = await connection.getBalance(wallet.keypair.publicKey);
  await page.getByTestId('direct-send').click();
  const exact = page.locator('[data-testid="direct-trash-modal"] [data-testid="cnft-network-fee"][data-lamports]');
  await exact.waitFor({ timeout: 60_000 });
  const shown = Number(await exact.getAttribute('data-lamports'));
  await expect(exact.textContent()).resolves.toBe(TRASH_UI.v2FeeSimulated(exactSol(shown)));
  release();
  await card.waitFor({ state: 'detached', timeout: 60_000 });
  const tx = wallet.approvals[wallet.approvals.length - 1][0];
  expect(shown).toBe(networkFee(tx) + BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
  expect((await connection.getBalance(wallet.keypair.publicKey)) - before).toBe(-shown);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await ctx.close();
}, 240_000);
