// PRODUCT difference 12 in real Chromium: one approval burns a pNFT, a print edition, a Token-2022 NFT and a Metaplex Core asset.
// Owner delta + network fee + service fee equals, to the lamport, what those burns drained (read from the chain
// before and after); the estimate shown before equals that sum; the service fee is exactly 1 % (floored per
// transaction). Cards name their kind, and a frozen V2 cNFT says why nothing can be done but hiding it.
import { type Connection, PublicKey, type Transaction } from '@solana/web3.js';
import type { BrowserContext, Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { MPL_CORE_PROGRAM, TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import { KIND_BLOCKED, KIND_LABELS, SELECTION } from '../../src/common/texts';
import { watchErrors } from './support/browser';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { type BurnWallet, answerReview, installBurnWallet, networkFee, openAndConnect } from './burnSupport';
import { lamportsOf as readLamports } from '../support/lamports';

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

/** The mints each confirmed transaction burned (Token Metadata burnV1: mint at 4; Core burnV1: asset at 0). */
const burnedIn = (tx: Transaction) =>
  tx.instructions.flatMap((ix) => {
    const p = ix.programId.toBase58();
    return p === TOKEN_METADATA_PROGRAM
      ? [ix.keys[4].pubkey.toBase58()]
      : p === MPL_CORE_PROGRAM
        ? [ix.keys[0].pubkey.toBase58()]
        : [];
  });

test('one approval burns a pNFT, a print edition, a Token-2022 NFT and a Core asset; every lamport accounted for', async () => {
  context = await suite.newContext();
  const wallet: BurnWallet = await installBurnWallet(context);
  const { manifest } = await post('localnet/fund', { owner: wallet.keypair.publicKey.toBase58() });
  const k = manifest.kinds;
  const page: Page = await context.newPage();
  const errors = watchErrors(page);
  await openAndConnect(page, server.url, wallet);

  const card = (mint: string) => page.locator(`[data-testid="nft-card"][data-mint="${mint}"]`);
  const chosen = [
    {
      mint: k.pnfts[0].mint,
      kind: 'pnft',
      accounts: [k.pnfts[0].tokenAccount, k.pnfts[0].metadata, k.pnfts[0].edition, k.pnfts[0].tokenRecord],
    },
    // The print's marker stays: its bit stays set while the master is someone else's (nonfungible_edition.rs).
    {
      mint: k.printEditions[0].mint,
      kind: 'print',
      accounts: [k.printEditions[0].tokenAccount, k.printEditions[0].metadata, k.printEditions[0].edition],
    },
    {
      mint: k.token2022Nfts[0].mint,
      kind: 'token2022Nft',
      accounts: [k.token2022Nfts[0].tokenAccount, k.token2022Nfts[0].metadata, k.token2022Nfts[0].edition],
    },
    { mint: k.coreAssets[0].asset, kind: 'core', accounts: [k.coreAssets[0].asset] },
  ];
  for (const c of chosen) {
    await card(c.mint)
      .getByTestId('kind-badge')
      .filter({ hasText: KIND_LABELS[c.kind as keyof typeof KIND_LABELS] })
      .waitFor({ timeout: 30_000 });
  }
  // A frozen V2 leaf says so plainly and offers no action.
  const frozen = page.locator(`[data-testid="cnft-card"][data-mint="${k.cnftsV2[1].assetId}"]`);
  await frozen.getByTestId('kind-blocked').filter({ hasText: KIND_BLOCKED.cnftFrozen }).waitFor();
  expect(await frozen.getByTestId('cnft-actions').count()).toBe(0);

  // What the burns drain is read from the chain before and after: closed accounts give everything; a metadata account
  // and a Core asset give their rent minimum at today's rent and keep the rest (the Core asset a one-byte account).
  const before0 = new Map<string, number[]>();
  for (const c of chosen) before0.set(c.mint, await lamportsOf(c.accounts));
  const oneByte = await connection.getMinimumBalanceForRentExemption(1);

  for (const c of chosen) await card(c.mint).click();
  const shown = page.getByTestId('rent-selected-nfts');
  await shown.filter({ hasText: '(4)' }).waitFor();
  const estimate = Number(await shown.getAttribute('data-lamports'));

  const feeWallet = new PublicKey(server.app.config.feeWallet);
  const [before, feeBefore] = await Promise.all([
    connection.getBalance(wallet.keypair.publicKey),
    connection.getBalance(feeWallet),
  ]);
  await page.getByRole('button', { name: SELECTION.burnSelectedNfts }).click();
  // The review step before the wallet is asked shows the same return as the selection card.
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
  expect(estimate).toBe(drained); // the figure shown before the approval
  const network = sum(txs.map(networkFee));
  const service = feeAfter - feeBefore;
  expect(after - before + network + service).toBe(drained);
  // Exactly 1 % of what each transaction's burns return (floored per transaction: each stands alone before the guard).
  expect(service).toBe(sum(txs.map((tx) => serviceFee(sum(burnedIn(tx).map((m) => perMint.get(m)!))))));
  if (txs.length === 1) expect(service).toBe(serviceFee(drained));
  const tokenAccounts = chosen.filter((c) => c.kind !== 'core').map((c) => c.accounts[0]);
  expect(await lamportsOf(tokenAccounts)).toEqual(tokenAccounts.map(() => 0));
  expect((await lamportsOf([k.coreAssets[0].asset]))[0]).toBeGreaterThanOrEqual(oneByte);
  for (const c of chosen) await card(c.mint).waitFor({ state: 'detached' });
  // The frozen V2 leaf offers what can be done: hiding it.
  await frozen.getByTestId('kind-hide').click();
  await frozen.waitFor({ state: 'detached' });
  console.log(
    'nftKinds e2e (lamports):',
    JSON.stringify({ drained, perMint: Object.fromEntries(perMint), network, service, transactions: txs.length }),
  );
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
}, 240_000);
