// Relaying a recovery of several transactions on the local chain (RELIABILITY, "Every transaction of a recovery is
// sent before any is confirmed"): every transaction is sent before the first status poll, each poll asks for every
// signature still open, and each transaction's figures are the chain's own balances around it.
import bs58 from 'bs58';
import type { RpcClient } from '../../backend/services/rpc/rpc';
import { checkSubmitted } from '../../backend/services/vacant/vacantSubmit';
import { recordSentAll } from '../../backend/services/vacant/vacantSent';
import { submitChecked } from '../../backend/services/vacant/vacantSubmitAll';
import { fromBase64, networkFee, sum, toBase64 } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

/** The app's own RPC client, with every call written down in order. */
function recording(rpc: RpcClient) {
  const calls: { method: string; params: unknown }[] = [];
  const client: RpcClient = {
    call: (method, params) => {
      calls.push({ method, params });
      return rpc.call(method, params);
    },
    send: (body) => rpc.send(body),
  };
  return { client, calls };
}

it('sends every transaction before polling once for all of them; the figures are the chain’s, to the lamport', async () => {
  const { owner, manifest } = await h.fund('demo');
  const ownerAddress = owner.publicKey.toBase58();
  const prep = await h.api('prepare-burn-transactions', { ownerAddress, withdrawSurplus: true });
  expect(prep.status).toBe(200);
  const txs = prep.body.transactions.map(fromBase64);
  expect(txs.length).toBeGreaterThanOrEqual(2); // the demo's closes and surplus need two
  txs.forEach((tx: any) => tx.partialSign(owner));
  const closing = [...manifest.emptyAccounts, ...manifest.frozenAccounts].map((a: any) => a.account as string);
  const feeWallet = h.solback.config.feeWallet;
  const [ownerBefore, feeBefore] = await h.lamportsOf([ownerAddress, feeWallet]);
  const rentBefore = sum(await h.lamportsOf(closing));

  const { client, calls } = recording(h.solback.rpc);
  const checked = checkSubmitted(h.solback.services.prepared, txs.map(toBase64));
  const { done, failure } = await submitChecked(
    { store: h.solback.services.prepared, rpc: client, relayer: null },
    checked,
    'test',
  );
  expect(failure).toBeNull();
  expect(done).toHaveLength(txs.length);

  const methods = calls.map((c) => c.method);
  const sends = methods.flatMap((m, i) => (m === 'sendTransaction' ? [i] : []));
  const polls = calls.filter((c) => c.method === 'getSignatureStatuses');
  expect(sends).toHaveLength(txs.length);
  expect(Math.max(...sends)).toBeLessThan(methods.indexOf('getSignatureStatuses'));
  // The first poll asks for every signature at once (one request a round, not one per transaction).
  expect((polls[0].params as [string[]])[0]).toEqual(done.map((d) => d.signature));

  const [ownerAfter, feeAfter] = await h.lamportsOf([ownerAddress, feeWallet]);
  const networkFees = sum(txs.map(networkFee));
  expect(sum(done.map((d) => d.ownerBalanceChange))).toBe(ownerAfter - ownerBefore);
  expect(sum(done.map((d) => d.feeWalletBalanceChange))).toBe(feeAfter - feeBefore);
  expect(sum(done.map((d) => d.recoveredRent)) - sum(done.map((d) => d.surplusRecovered))).toBe(rentBefore);
  expect(ownerAfter - ownerBefore).toBe(
    sum(done.map((d) => d.recoveredRent)) - sum(done.map((d) => d.serviceFee)) - networkFees,
  );
  expect(await h.lamportsOf(closing)).toEqual(closing.map(() => 0));
});

/** The demo's closes + surplus, prepared and signed by the owner as a sign-and-send wallet does (two or more). */
async function signedDemoRecovery() {
  const { owner } = await h.fund('demo');
  const ownerAddress = owner.publicKey.toBase58();
  const prep = await h.api('prepare-burn-transactions', { ownerAddress, withdrawSurplus: true });
  const txs = prep.body.transactions.map(fromBase64);
  expect(txs.length).toBeGreaterThanOrEqual(2);
  txs.forEach((tx: any) => tx.sign(owner));
  const [ownerBefore] = await h.lamportsOf([ownerAddress]);
  return { ownerAddress, txs, ownerBefore };
}

it('a recovery the wallet sent itself: one poll for every signature, figures from the chain, each recorded once', async () => {
  const { ownerAddress, txs, ownerBefore } = await signedDemoRecovery();
  // The owner's wallet sends them (sign-and-send); the server is only told the signatures.
  const signatures: string[] = [];
  for (const tx of txs)
    signatures.push(await h.solback.rpc.call<string>('sendTransaction', [toBase64(tx), { encoding: 'base64' }]));

  const { client, calls } = recording(h.solback.rpc);
  const store = h.solback.services.prepared;
  const { done, failure } = await recordSentAll(store, client, signatures);
  expect(failure).toBeNull();
  expect(done.map((d) => d.signature)).toEqual(signatures);
  const polls = calls.filter((c) => c.method === 'getSignatureStatuses');
  expect((polls[0].params as [string[]])[0]).toEqual(signatures);
  const [ownerAfter] = await h.lamportsOf([ownerAddress]);
  expect(sum(done.map((d) => d.ownerBalanceChange))).toBe(ownerAfter - ownerBefore);
  expect(ownerAfter - ownerBefore).toBe(
    sum(done.map((d) => d.recoveredRent)) - sum(done.map((d) => d.serviceFee)) - sum(txs.map(networkFee)),
  );

  // Told again (a replay, or another client naming them): nothing is recorded twice.
  const again = await h.api('submit-burn-transaction', { sentSignatures: signatures });
  expect(again.status).toBe(400);
  expect(again.body).toMatchObject({ success: false, accountCount: 0, ownerBalanceChangeLamports: 0 });
});

it('a request the wallet sent in part: a later transaction that landed is recorded though an earlier one did not', async () => {
  const { ownerAddress, txs, ownerBefore } = await signedDemoRecovery();
  // The wallet sent the second transaction only; the first (its signature known, never sent) did not land.
  const firstSignature = bs58.encode(txs[0].signature);
  const second = await h.solback.rpc.call<string>('sendTransaction', [toBase64(txs[1]), { encoding: 'base64' }]);

  const { done, failure } = await recordSentAll(
    h.solback.services.prepared,
    h.solback.rpc,
    [firstSignature, second],
    3_000,
  );
  expect(failure?.status).toBe(504);
  expect(done.map((d) => d.signature)).toEqual([second]);
  const [ownerAfter] = await h.lamportsOf([ownerAddress]);
  expect(done[0].ownerBalanceChange).toBe(ownerAfter - ownerBefore);
  expect(ownerAfter - ownerBefore).toBe(done[0].recoveredRent - done[0].serviceFee - networkFee(txs[1]));
});
