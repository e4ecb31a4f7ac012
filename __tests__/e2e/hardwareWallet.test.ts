// A wallet that cannot sign messages (many hardware-wallet set-ups; PRODUCT difference 11) in
// real Chromium: a Wallet Standard wallet without `solana:signMessage`. The queue completes in ONE approval, like
// every wallet's: the delegations and a memo transaction holding the SHA-256 of the authorisation text, which lands;
// the owner's lamports move by exactly the network fees of those transactions. The delegated transfer's
// authorisation is the signed text carried in the memo of a legacy transaction that the wallet signs and nobody
// sends: the chain never learns its signature, and the owner's lamports do not move.
import bs58 from 'bs58';
import { ComputeBudgetProgram, PublicKey, Transaction, type VersionedTransaction } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { parseAuthMessage } from '../../src/common/authMessage';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';
import { DELEGATED_MODAL, QUEUE_MODAL } from '../../src/common/texts';
import { networkFee } from '../support/networkFee';
import { watchErrors } from './support/browser';
import { type TestServer, postApi } from './support/server';
import { installTestWallet, type TestWallet } from './support/testWallet';
import { browserSuite } from './support/suite';

jest.setTimeout(180_000);

let server: TestServer;
const suite = browserSuite({}, (s) => {
  server = s.server;
});

const post = (route: string, body: unknown) => postApi(server.url, route, body);
const ownerOf = async (id: string) => (await server.app.das.call<any>('getAsset', { id })).ownership.owner as string;
const balance = (w: TestWallet) => server.app.connection.getBalance(w.keypair.publicKey, 'confirmed');
const card = (page: Page, id: string) => page.locator(`[data-testid="cnft-card"][data-mint="${id}"]`);

async function session() {
  const context = await suite.newContext();
  const wallet = await installTestWallet(context, { name: 'Hardware Test Wallet', signMessage: false });
  const manifest = (await post('localnet/fund', { owner: wallet.keypair.publicKey.toBase58() })).manifest;
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Select Wallet' }).click();
  await page
    .locator('.wallet-adapter-modal-wrapper')
    .getByRole('button', { name: /Hardware Test Wallet/ })
    .click();
  await page.getByTestId('cnft-card').first().waitFor({ timeout: 30_000 });
  return { page, wallet, errors, cnfts: manifest.cnfts as { assetId: string; delegate: string | null }[] };
}

/** The transaction's instructions but our compute-budget pair (a transaction the page asks a wallet to send has one). */
const payload = (tx: VersionedTransaction) => {
  const keys = tx.message.staticAccountKeys;
  return tx.message.compiledInstructions.filter(
    (ix) => !keys[ix.programIdIndex].equals(ComputeBudgetProgram.programId),
  );
};
const isMemo = (tx: VersionedTransaction) =>
  payload(tx).every((ix) => tx.message.staticAccountKeys[ix.programIdIndex].equals(MEMO_PROGRAM_ID));
const memoText = (tx: VersionedTransaction) => Buffer.from(payload(tx)[0].data).toString('utf8');
/** Is this signature known to the chain at all (any commitment, full history)? */
const onChain = async (sig: Uint8Array) =>
  (await server.app.connection.getSignatureStatuses([bs58.encode(sig)], { searchTransactionHistory: true })).value[0];

test('queue of 3 cNFTs completes in one approval: the delegations and the memo of the authorisation hash, which lands', async () => {
  const { page, wallet, errors, cnfts } = await session();
  const three = cnfts.slice(0, 3);
  const before = await balance(wallet);
  for (const c of three) await card(page, c.assetId).click();
  await page.getByTestId('cnft-trash-selected').click();
  const modal = page.getByTestId('queue-modal');
  await modal.getByRole('button', { name: QUEUE_MODAL.start }).click();
  await modal.locator('[data-state="complete"]').waitFor({ timeout: 90_000 });
  await expect(modal.getByTestId('queue-successful').textContent()).resolves.toBe('3');
  const trash = server.app.config.trashWallet;
  for (const c of three) expect(await ownerOf(c.assetId)).toBe(trash);

  expect(wallet.log.filter((l) => l.op === 'signMessage')).toHaveLength(0);
  // The delegations of the two cNFTs not yet delegated (cNFT 0 came delegated) and the memo, in one approval.
  expect(wallet.approvals).toEqual([{ op: 'signTransaction', count: 2 + 1 }]);
  const signed = wallet.log.filter((l) => l.op === 'signTransaction').map((l) => l.tx!);
  expect(signed.map(isMemo)).toEqual([false, false, true]);
  const memo = signed[2];
  expect(memo.message.staticAccountKeys[0].toBase58()).toBe(wallet.keypair.publicKey.toBase58()); // fee payer
  expect(memoText(memo)).toMatch(/^SolBack authorisation sha256:[0-9a-f]{64}$/);
  // All three landed; the owner paid exactly their network fees.
  for (const t of signed) expect(await onChain(t.signatures[0])).not.toBeNull();
  const fees = signed.map((t) => networkFee(Transaction.from(t.serialize()))).reduce((a, b) => a + b, 0);
  expect(before - (await balance(wallet))).toBe(fees);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('delegated transfer completes with a memo authorisation; the owner’s lamports do not move', async () => {
  const { page, wallet, errors, cnfts } = await session();
  const delegated = cnfts.find((c) => c.delegate)!;
  const before = await balance(wallet);
  await card(page, delegated.assetId).getByTestId('cnft-delegated').click();
  const modal = page.getByTestId('delegated-modal');
  await modal
    .getByTestId('delegated-delegate')
    .filter({ hasText: server.app.delegate!.publicKey.toBase58() })
    .waitFor();
  await modal.getByRole('button', { name: DELEGATED_MODAL.transfer }).click();
  await modal.getByText(DELEGATED_MODAL.success).waitFor({ timeout: 40_000 });
  expect(await ownerOf(delegated.assetId)).toBe(server.app.config.trashWallet);

  const signed = wallet.log.filter((l) => l.op === 'signTransaction').map((l) => l.tx!);
  expect(signed).toHaveLength(1);
  expect(isMemo(signed[0])).toBe(true);
  expect(parseAuthMessage(memoText(signed[0]))).toMatchObject({
    action: 'delegated-transfer',
    assetIds: [delegated.assetId],
  });
  expect(await onChain(signed[0].signatures[0])).toBeNull();
  // The server's delegate paid for the transfer; the memo was never sent: 0 lamports moved.
  expect((await balance(wallet)) - before).toBe(0);
  expect(new PublicKey(signed[0].message.staticAccountKeys[0]).toBase58()).toBe(wallet.keypair.publicKey.toBase58());
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
