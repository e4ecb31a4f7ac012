// The fee relayer in real Chromium (PRODUCT difference 15): a wallet with 0 SOL and 6 vacant accounts recovers its rent with one
// approval; the relayer pays the network fee and is repaid exactly; a tampered repayment is refused by the page.
import { type Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Dialog } from 'playwright-core';
import { serviceFee } from '../../src/chain/fees';
import { recoverVacant } from './support/vacantReport';
import { GUARD, vacantSuccessReport } from '../../src/common/texts';
import { exactSol } from '../../src/chain/format';
import { emptiedWallet } from '../backend/relayerSupport';
import { installApprovalWallet, type Approver } from './support/approvalWallet';
import type { TestServer } from './support/server';
import { browserSuite } from './support/suite';
import { lamportsOf as readLamports } from '../support/lamports';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
let server: TestServer;
let connection: Connection;

const suite = browserSuite({}, async (s) => {
  server = s.server;
  connection = s.connection;
});

const lamportsOf = (addresses: string[]) => readLamports(connection, addresses);

async function openEmptiedWallet(tamper = false, count = 6) {
  const { owner, accounts } = emptiedWallet(server.app.localnet!, count);
  const context = await suite.newContext();
  const approve = { current: (async () => true) as Approver };
  const log = await installApprovalWallet(context, owner, approve);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.accept();
  });
  if (tamper) {
    // A lying server: the relayed transaction repays the relayer one lamport more than the network fee.
    await page.route('**/api/prepare-burn-transactions', async (route) => {
      const asked = route.request().postDataJSON();
      const res = await route.fetch();
      const body = await res.json();
      if (asked.relayFee && body.success) {
        const relayer = body.feePayer as string;
        body.transactions = body.transactions.map((b64: string) => {
          const tx = Transaction.from(Buffer.from(b64, 'base64'));
          const i = tx.instructions.findIndex(
            (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1].pubkey.toBase58() === relayer,
          );
          const lamports = Number(Buffer.from(tx.instructions[i].data).readBigUInt64LE(4)) + 1;
          tx.instructions[i] = SystemProgram.transfer({
            fromPubkey: tx.instructions[i].keys[0].pubkey,
            toPubkey: new PublicKey(relayer),
            lamports,
          });
          return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
        });
        body.transaction = body.transactions[0];
      }
      await route.fulfill({ response: res, json: body });
    });
  }
  await page.goto(server.url);
  await page
    .getByRole('button', { name: /select wallet|connect/i })
    .first()
    .click();
  await page.getByRole('button', { name: /Approval Test Wallet/ }).click();
  await page.getByTestId('vacant-recover').waitFor({ timeout: 90_000 });
  return { owner, accounts, page, log, dialogs };
}

it('0 SOL, 6 vacant accounts: one approval; owner gets rent − network fee − 1 %; the relayer ends no poorer', async () => {
  const s = await openEmptiedWallet();
  const ownerAddress = s.owner.publicKey.toBase58();
  const relayer = server.app.relayer!.address;
  expect(await connection.getBalance(s.owner.publicKey)).toBe(0);
  await expect(s.page.getByTestId('vacant-relay-fee').isChecked()).resolves.toBe(false); // relayed because it cannot pay
  const rent = sum(await lamportsOf(s.accounts));
  const [relayerBefore] = await lamportsOf([relayer]);
  const report = await recoverVacant(s.page);
  expect(s.log.approvals).toEqual([1]);
  const signature = report.signatures[0];
  expect(signature).toBeDefined();
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  expect(tx!.transaction.message.staticAccountKeys[0].toBase58()).toBe(relayer); // the relayer paid the fee
  const networkFee = tx!.meta!.fee;
  const [ownerAfter, relayerAfter] = await lamportsOf([ownerAddress, relayer]);
  expect(ownerAfter).toBe(rent - networkFee - serviceFee(rent));
  expect(relayerAfter).toBeGreaterThanOrEqual(relayerBefore);
  expect(await lamportsOf(s.accounts)).toEqual(s.accounts.map(() => 0));
  console.log(
    'e2e relayed (lamports):',
    JSON.stringify({
      rent,
      networkFee,
      serviceFee: serviceFee(rent),
      ownerAfter,
      relayerDelta: relayerAfter - relayerBefore,
    }),
  );
}, 180_000);

it('a repayment larger than the fee is refused by the page guard: nothing is signed, nothing moves', async () => {
  const s = await openEmptiedWallet(true);
  const before = await lamportsOf([server.app.relayer!.address, ...s.accounts]);
  const report = await recoverVacant(s.page);
  expect(report).toMatchObject({ text: GUARD.mismatch, kind: 'error', reviewed: false });
  expect(s.dialogs).toEqual([]);
  expect(s.log.approvals).toEqual([]);
  expect(await lamportsOf([server.app.relayer!.address, ...s.accounts])).toEqual(before);
}, 180_000);

it('0 SOL, 60 vacant accounts: a relayed recovery of ≥ 3 transactions lands whole; the figure shown is the chain’s change', async () => {
  const s = await openEmptiedWallet(false, 60);
  const ownerAddress = s.owner.publicKey.toBase58();
  expect(await connection.getBalance(s.owner.publicKey)).toBe(0);
  const rent = sum(await lamportsOf(s.accounts));
  const feeWallet = server.app.config.feeWallet;
  const [feeBefore] = await lamportsOf([feeWallet]);
  const report = await recoverVacant(s.page);
  expect(s.log.approvals).toHaveLength(1); // one approval for all of them
  const [count] = s.log.approvals;
  expect(count).toBeGreaterThanOrEqual(3);
  expect([report.kind, report.text]).toEqual(['success', expect.any(String)]);
  expect(report.signatures).toHaveLength(count);
  const [ownerAfter] = await lamportsOf([ownerAddress]);
  expect(await lamportsOf(s.accounts)).toEqual(s.accounts.map(() => 0));
  const fees = await Promise.all(
    report.signatures.map(async (sig) => {
      const tx = await connection.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      return tx!.meta!.fee;
    }),
  );
  // Exact: the rent less each transaction's network fee (repaid to the relayer) and its 1 % (rounded per transaction).
  const [feeAfter] = await lamportsOf([feeWallet]);
  const paidFee = feeAfter - feeBefore;
  expect(paidFee).toBeLessThanOrEqual(serviceFee(rent));
  expect(paidFee).toBeGreaterThan(serviceFee(rent) - count);
  expect(ownerAfter).toBe(rent - sum(fees) - paidFee);
  console.log(
    'e2e relayed, 60 accounts (lamports):',
    JSON.stringify({ count, rent, fees: sum(fees), paidFee, ownerAfter }),
  );
  // The report states exactly what the wallet gained (it started at 0).
  expect(report.text).toBe(vacantSuccessReport(60, exactSol(ownerAfter)));
}, 240_000);
