// Surplus rent in real Chromium (PRODUCT difference 13): the card's surplus line equals Σ(lamports − minimum) read from the chain,
// and the vacant banner's one approval closes the empty accounts AND withdraws the surplus of every kept account.
import { unpackAccount } from '@solana/spl-token';
import bs58 from 'bs58';
import { type Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import type { Dialog, Page } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { formatUnits } from '../../src/chain/format';
import { sizeAfterWalletAdditions } from '../../src/chain/pack';
import { NATIVE_MINT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';
import { TRANSACTION_SIZE_LIMIT_BYTES } from '../../src/common/constants';
import { SURPLUS, surplusBannerText, surplusSuccessReport, vacantWithSurplusReport } from '../../src/common/texts';
import { recoverVacant } from './support/vacantReport';
import { mintsClosableBy } from '../support/closableMints';
import { emptiedWallet } from '../backend/relayerSupport';
import { installApprovalWallet, type Approver } from './support/approvalWallet';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { lamportsOf as readLamports } from '../support/lamports';
import { feesOf, takenBy } from './support/chainFigures';
import { GUARDS, GUARDED_FEATURES, type GuardedKind } from './support/walletGuards';

const exactSol = (lamports: number) => formatUnits(lamports, 9, 9, { trim: true });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
let server: TestServer;
let connection: Connection;

// Slots move only with transactions: the large case sends its 200 closes and 1,301 withdrawals as one request of many
// transactions, which a loaded 2-core machine executes far slower than a cluster. On a slot clock the request's
// blockhash (150 slots) ran out before the last one landed, and the page rightly asked a second approval; counted in
// transactions, the window no longer depends on the machine's speed (expiry itself: e2e/vacant, backend/recovery).
const suite = browserSuite({ server: { localnetSlotMs: 0 } }, async (s) => {
  server = s.server;
  connection = s.connection;
});

const post = (route: string, body: unknown) => postApi(server.url, route, body);
const lamportsOf = (addresses: string[]) => readLamports(connection, addresses);

interface Kept {
  address: string;
  minimum: number;
  surplus: number;
  amount: bigint | null;
}
/** Kept token accounts (not closing, not wrapped SOL) and owned mints, with their minimum read from the chain. */
async function keptFromChain(owner: PublicKey, closing: Set<string>, mints: string[]): Promise<Kept[]> {
  const out: Kept[] = [];
  const minimums = new Map<number, number>();
  const minimum = async (n: number) =>
    minimums.get(n) ?? minimums.set(n, await connection.getMinimumBalanceForRentExemption(n)).get(n)!;
  for (const programId of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
    const { value } = await connection.getTokenAccountsByOwner(owner, { programId: new PublicKey(programId) });
    for (const { pubkey, account } of value) {
      const decoded = unpackAccount(pubkey, account, new PublicKey(programId));
      if (closing.has(pubkey.toBase58()) || decoded.mint.toBase58() === NATIVE_MINT) continue;
      const min = await minimum(account.data.length);
      out.push({ address: pubkey.toBase58(), minimum: min, surplus: account.lamports - min, amount: decoded.amount });
    }
  }
  for (const m of mints) {
    const info = (await connection.getAccountInfo(new PublicKey(m)))!;
    const min = await minimum(info.data.length);
    out.push({ address: m, minimum: min, surplus: info.lamports - min, amount: null });
  }
  return out;
}
async function amountsOf(kept: Kept[]): Promise<(bigint | null)[]> {
  const infos = await connection.getMultipleAccountsInfo(kept.map((k) => new PublicKey(k.address)));
  return infos.map((info, i) => (kept[i].amount === null ? null : info!.data.readBigUInt64LE(64)));
}

async function openPage(profile: 'demo' | 'large') {
  const owner = Keypair.generate();
  const { manifest } = await post('localnet/fund', { owner: owner.publicKey.toBase58(), profile });
  const context = await suite.newContext();
  const approve = { current: (async () => true) as Approver };
  const log = await installApprovalWallet(context, owner, approve);
  const page: Page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.goto(server.url);
  await page
    .getByRole('button', { name: /select wallet|connect/i })
    .first()
    .click();
  await page.getByRole('button', { name: /Approval Test Wallet/ }).click();
  for (const end = Date.now() + 150_000; !(await page.getByTestId('rent-surplus').isVisible());) {
    if (await page.getByTestId('rent-retry').isVisible()) await page.getByTestId('rent-retry').click();
    if (Date.now() > end) throw new Error('the surplus line never showed');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { owner, manifest, page, log, dialogs };
}

it('demo: the card shows the surplus read from the chain; one approval leaves every kept account at its minimum', async () => {
  const s = await openPage('demo');
  const ownerAddress = s.owner.publicKey.toBase58();
  const closing = [...s.manifest.emptyAccounts, ...s.manifest.frozenAccounts].map((a: any) => a.account as string);
  // The mint the wallet can close whole is "More SOL"'s to close, not this flow's to withdraw from.
  const ownedMints: string[] = s.manifest.ownedMints.map((m: any) => m.mint);
  const closable = await mintsClosableBy(connection, s.owner.publicKey, ownedMints);
  expect(closable).toHaveLength(1);
  const keptMints = ownedMints.filter((m) => !closable.includes(m));
  const kept = (await keptFromChain(s.owner.publicKey, new Set(closing), keptMints)).filter((k) => k.surplus > 0);
  const surplus = sum(kept.map((k) => k.surplus));
  expect(await s.page.getByTestId('rent-surplus').textContent()).toBe(
    `${SURPLUS.cardLine} (${kept.length})${exactSol(surplus)} SOL`,
  );
  await expect(s.page.getByTestId('vacant-withdraw-surplus').isChecked()).resolves.toBe(true); // on by default

  const rent = sum(await lamportsOf(closing));
  const feeWallet = server.app.config.feeWallet;
  const wsol = s.manifest.wrappedSol.account;
  const [ownerBefore, feeBefore, wsolBefore, closableBefore] = await lamportsOf([
    ownerAddress,
    feeWallet,
    wsol,
    ...closable,
  ]);
  const amountsBefore = await amountsOf(kept);
  const report = await recoverVacant(s.page);
  expect(s.log.approvals).toHaveLength(1); // one approval for every transaction (7 closes + the withdrawals)
  // The network fee of every transaction the wallet signed, as the chain charged it.
  const signatures = s.log.signed.map((bytes) => bs58.encode(VersionedTransaction.deserialize(bytes).signatures[0]));
  let networkFee = 0;
  for (const sig of signatures)
    networkFee += (await connection.getTransaction(sig, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    }))!.meta!.fee;
  const [ownerAfter, feeAfter, wsolAfter, closableAfter] = await lamportsOf([
    ownerAddress,
    feeWallet,
    wsol,
    ...closable,
  ]);
  // 1 % of all that came back, rounded down per transaction: at most 1 %, less by under a lamport per transaction.
  const fee = feeAfter - feeBefore;
  expect(fee).toBeLessThanOrEqual(serviceFee(rent + surplus));
  expect(fee).toBeGreaterThan(serviceFee(rent + surplus) - signatures.length);
  // The surplus is named apart from the closed accounts' rent; the total is the wallet's change.
  expect(report.text).toBe(
    vacantWithSurplusReport(
      closing.length,
      kept.length,
      exactSol(surplus),
      exactSol(rent + surplus - fee - networkFee),
    ),
  );
  expect(report.signatures).toEqual(signatures);
  expect(s.dialogs).toEqual([]);
  expect(ownerAfter - ownerBefore).toBe(rent + surplus - fee - networkFee);
  expect(wsolAfter).toBe(wsolBefore);
  expect(closableAfter).toBe(closableBefore);
  expect(await lamportsOf(closing)).toEqual(closing.map(() => 0));
  expect(await lamportsOf(kept.map((k) => k.address))).toEqual(kept.map((k) => k.minimum));
  expect(await amountsOf(kept)).toEqual(amountsBefore);
  console.log(
    'e2e demo surplus (lamports):',
    JSON.stringify({
      kept: kept.length,
      surplus,
      rent,
      fee,
      networkFee,
      transactions: signatures.length,
      ownerDelta: ownerAfter - ownerBefore,
    }),
  );
}, 240_000);

it('large: 200 closes and the surplus of 1,301 kept accounts, one approval, transactions full to the measured limit', async () => {
  const s = await openPage('large');
  const closing = s.manifest.emptyAccounts.map((a: any) => a.account as string);
  const kept = (await keptFromChain(s.owner.publicKey, new Set(closing), [])).filter((k) => k.surplus > 0);
  expect(kept.length).toBeGreaterThanOrEqual(1000 + 300 + 1); // the 1,000 tokens, 300 NFTs, the collection NFT (+ other kinds)
  const surplus = sum(kept.map((k) => k.surplus));
  const report = await recoverVacant(s.page, { timeout: 400_000 });
  expect({ kind: report.kind, text: report.text }).toEqual({ kind: 'success', text: expect.any(String) });
  expect(s.log.approvals).toHaveLength(1);
  const perTx = s.log.signed.map((bytes) => {
    const tx = VersionedTransaction.deserialize(bytes);
    const tags = tx.message.compiledInstructions.map((ix) => ix.data[0]);
    return {
      size: sizeAfterWalletAdditions(tx), // as a guarded wallet sends it: the size every packer keeps to
      withdrawals: tags.filter((t) => t === 38).length,
      closes: tags.filter((t) => t === 9).length,
    };
  });
  // Fewest for legacy transactions: every one but the last is full — one more withdrawal or close (a 32-byte key
  // plus a 7-byte instruction) would cross 1232 bytes once a wallet's additions are in.
  perTx.slice(0, -1).forEach((t) => expect(t.size + 39).toBeGreaterThan(TRANSACTION_SIZE_LIMIT_BYTES));
  perTx.forEach((t) => expect(t.size).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES));
  const perTxItems = perTx[0].withdrawals + perTx[0].closes;
  expect(perTx).toHaveLength(Math.ceil((closing.length + kept.length) / perTxItems));
  expect(sum(perTx.map((t) => t.withdrawals))).toBe(kept.length);
  expect(await lamportsOf(kept.map((k) => k.address))).toEqual(kept.map((k) => k.minimum));
  expect(sum(await lamportsOf(closing))).toBe(0);
  console.log(
    'e2e large surplus:',
    JSON.stringify({
      approvals: s.log.approvals.length,
      transactions: perTx.length,
      surplus,
      perTransaction: perTx.map((t) => `${t.closes}c+${t.withdrawals}w/${t.size}B`),
      limit: TRANSACTION_SIZE_LIMIT_BYTES,
    }),
  );
}, 600_000);

/**
 * The large wallet's 200 closes + the surplus of its kept accounts through a wallet's own guard: exact to the
 * lamport against the chain, the report summing whatever landed (a request whose blockhash ran out part-way goes on
 * with a fresh prepare: docs/PRODUCT.md, "When a blockhash runs out").
 */
async function largeThroughGuard(kind: GuardedKind) {
  const s = await suite.session({
    profile: 'large',
    connect: false,
    wallet: { name: `${kind} Wallet`, features: GUARDED_FEATURES[kind], guard: GUARDS[kind] },
  });
  const closing: string[] = s.manifest.emptyAccounts.map((a: any) => a.account);
  const owner = new PublicKey(s.owner);
  const kept = (await keptFromChain(owner, new Set(closing), [])).filter((k) => k.surplus > 0);
  const surplus = sum(kept.map((k) => k.surplus));
  await suite.connect(s.page, s.wallet);
  for (const end = Date.now() + 150_000; !(await s.page.getByTestId('rent-surplus').isVisible());) {
    if (await s.page.getByTestId('rent-retry').isVisible()) await s.page.getByTestId('rent-retry').click();
    if (Date.now() > end) throw new Error('the surplus line never showed');
    await new Promise((r) => setTimeout(r, 250));
  }
  await expect(s.page.getByTestId('vacant-withdraw-surplus').isChecked()).resolves.toBe(true);
  const feeWallet = server.app.config.feeWallet;
  const [before, feeBefore] = await lamportsOf([s.owner, feeWallet]);
  const report = await recoverVacant(s.page, { timeout: 400_000 });
  expect(report.kind).toBe('success');
  expect(sum(await lamportsOf(closing))).toBe(0);
  expect(await lamportsOf(kept.map((k) => k.address))).toEqual(kept.map((k) => k.minimum));
  const returned: number[] = [];
  for (const signature of report.signatures)
    returned.push(sum([...(await takenBy(connection, s.owner, signature)).values()]));
  const fees = await feesOf(connection, report.signatures);
  const [after, feeAfter] = await lamportsOf([s.owner, feeWallet]);
  const fee = sum(returned.map((r) => serviceFee(r)));
  expect(feeAfter - feeBefore).toBe(fee);
  expect(after - before).toBe(sum(returned) - fee - fees);
  expect(report.text).toBe(vacantWithSurplusReport(200, kept.length, exactSol(surplus), exactSol(after - before)));
  return { s, report };
}

it('guarded wallet, large: 200 closes + the surplus of every kept account in ONE approval; exact', async () => {
  const { s, report } = await largeThroughGuard('guarded');
  expect(s.wallet.refused).toEqual([]);
  expect(s.wallet.approvals).toEqual([{ op: 'signAndSendAllTransactions', count: report.signatures.length }]);
}, 600_000);

it('send-only wallet, large: 200 closes + the surplus of every kept account in ONE sign-and-send request; exact', async () => {
  const { s, report } = await largeThroughGuard('sendOnly');
  expect(s.wallet.refused).toEqual([]);
  expect(s.wallet.approvals).toEqual([{ op: 'signAndSendTransaction', count: report.signatures.length }]);
}, 600_000);

it('batch-refusing wallet, large: one refused request, then one per transaction; 200 closes + surplus, exact', async () => {
  const { s, report } = await largeThroughGuard('batchRefusing');
  expect(s.wallet.refused).toHaveLength(1);
  expect(s.wallet.approvals.length).toBeGreaterThanOrEqual(report.signatures.length);
  s.wallet.approvals.forEach((a) => expect(a.count).toBe(1));
}, 600_000);

it('nothing to close, surplus to withdraw: the banner offers it and one approval leaves the accounts at their minimum', async () => {
  const { owner, accounts } = emptiedWallet(server.app.localnet!, 3, 1_000n); // 3 kept accounts holding tokens
  server.app.localnet!.chain.airdrop(owner.publicKey.toBase58(), 100_000_000n);
  const minimum = await connection.getMinimumBalanceForRentExemption(165);
  const surplus = sum((await lamportsOf(accounts)).map((l) => l - minimum));
  const context = await suite.newContext();
  const log = await installApprovalWallet(context, owner, { current: async () => true });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.goto(server.url);
  await page
    .getByRole('button', { name: /select wallet|connect/i })
    .first()
    .click();
  await page.getByRole('button', { name: /Approval Test Wallet/ }).click();
  await page.getByText(surplusBannerText(3, exactSol(surplus))).waitFor({ timeout: 90_000 });
  const [before] = await lamportsOf([owner.publicKey.toBase58()]);
  const report = await recoverVacant(page);
  expect(log.approvals).toEqual([1]);
  const [signature] = report.signatures;
  const fee = serviceFee(surplus);
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(report.text).toBe(surplusSuccessReport(exactSol(surplus - fee - tx!.meta!.fee)));
  expect(dialogs).toEqual([]);
  const [after] = await lamportsOf([owner.publicKey.toBase58()]);
  expect(after - before).toBe(surplus - fee - tx!.meta!.fee);
  expect(await lamportsOf(accounts)).toEqual(accounts.map(() => minimum));
}, 180_000);
