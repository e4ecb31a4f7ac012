// The queue in ONE wallet approval (PRODUCT difference 11; src/features/trash/queue/queueAuthorization.ts): the page's own
// code builds the 'queue-authorize' text, a send-only key wallet sends the delegations and the memo of SHA-256(text)
// in one request, and the real server (over HTTP, on the local chain) reads that landed memo before it authorises.
// Every forgery — a replay, another text, a memo someone else sent, a failed transaction, a memo transaction that
// also does something else — is refused and moves nothing.
import bs58 from 'bs58';
import {
  Connection,
  Keypair,
  type PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';
import { addWalletGuards } from '../../src/chain/walletAdditions';
import { networkFee } from '../support/networkFee';
import { formatAuthMessage } from '../../src/common/authMessage';
import { MEMO_PROOF_REFUSALS, expectedMemoOf } from '../../backend/services/auth/authMemoProof';
import { AUTH_REFUSALS } from '../../src/common/texts/serverErrorTexts';
import { delegateAndAuthorize } from '../../src/features/trash/queue/queueAuthorization';
import { QUEUE_STEPS } from '../../src/common/texts/queueStepsTexts';
import { delegateWithMemo, delegatedBeforeFailure } from '../../src/features/trash/trash/trashWays';
import type { WalletPort } from '../../src/app/walletPort';
import { SIGNING_TIMEOUT_MS } from '../../src/common/constants';
import { fetchNonce, queueStatus } from '../support/signedAuth';
import { until } from '../support/until';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
import { startServer, type TestServer, queueWorkerPassed } from './helpers';
import { fundOwner, ownerOf, type FundedCnft } from './cnftSupport';
import { startPageApi, type PageApi } from '../support/pageApi';

jest.setTimeout(120_000);

let server: TestServer;
let connection: Connection;
let owner: Keypair;
let cnfts: FundedCnft[];
let page: PageApi;

beforeEach(async () => {
  ({ owner, cnfts } = await fundOwner(server)); // 6 cNFTs of a new owner each test
});
beforeAll(async () => {
  server = await startServer();
  connection = new Connection(`${server.url}/api/rpc`, {
    commitment: 'confirmed',
    wsEndpoint: `${server.url.replace('http', 'ws')}/api/rpc`,
  });
  page = await startPageApi(server.url);
}, 60_000);
afterAll(async () => {
  await page.close();
  await server.close();
});

/**
 * A send-only wallet (embedded, mobile): every call is one approval, recorded with its transaction count. `guarded`
 * records what it sent once its own guard added Lighthouse assertions and a compute budget (walletAdditions.ts).
 */
function sendOnlyWallet(kp: Keypair, approvals: string[], sent: string[] = [], guarded?: Transaction[]): WalletPort {
  return {
    publicKey: kp.publicKey.toBase58(),
    signAndSendAll: async (asked: Transaction[]) => {
      approvals.push(`signAndSend(${asked.length})`);
      const txs = guarded ? asked.map((tx) => addWalletGuards(tx)) : asked;
      guarded?.push(...txs);
      const out: string[] = [];
      for (const tx of txs) {
        tx.partialSign(kp);
        out.push(await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' }));
      }
      sent.push(...out);
      return out;
    },
  };
}

const airdrop = (kp: Keypair) => server.solback.localnet!.chain.airdrop(kp.publicKey.toBase58(), 1_000_000_000n);

const noPauses = (ms: number) => (ms >= SIGNING_TIMEOUT_MS ? new Promise<void>(() => undefined) : Promise.resolve());
const location = () => ({ host: new URL(server.url).host, origin: new URL(server.url).origin });
const deps = (wallet: WalletPort) => ({
  wallet,
  connection,
  dispatch: page.store.dispatch,
  trashWallet: server.solback.config.trashWallet,
  delay: noPauses,
  pageLocation: location(),
});

async function createQueue(ids: FundedCnft[]): Promise<string> {
  const res = await server.post('/api/queue/create', {
    ownerAddress: owner.publicKey.toBase58(),
    assets: ids.map((c) => ({ assetId: c.assetId, name: c.name, image: null })),
  });
  return res.json.queueId as string;
}

/** The 'queue-authorize' text of this queue, on a fresh server nonce. */
async function textFor(queueId: string, ids: FundedCnft[]): Promise<string> {
  const { nonce, issuedAt, expirationTime } = await fetchNonce(server.url);
  const { host, origin } = location();
  return formatAuthMessage({
    domain: host,
    address: owner.publicKey.toBase58(),
    uri: origin,
    nonce,
    issuedAt,
    expirationTime,
    action: 'queue-authorize',
    queueId,
    assetIds: ids.map((c) => c.assetId),
  });
}

/** Lands a transaction of these instructions paid and signed by `payer` (a failing one too: no preflight). */
async function land(payer: Keypair, ...ixs: TransactionInstruction[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...ixs);
  tx.sign(payer);
  const signature = await server.solback.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
  await server.solback.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
  return signature;
}

const memoIx = (memo: string, signer: PublicKey, ...others: PublicKey[]) =>
  new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [signer, ...others].map((pubkey, i) => ({ pubkey, isSigner: i === 0, isWritable: false })),
    data: Buffer.from(memo, 'utf8'),
  });

const authorize = (queueId: string, message: string, memoSignature: string) =>
  server.post('/api/queue/authorize', { queueId, ownerAddress: owner.publicKey.toBase58(), message, memoSignature });

it("refuses another text, a memo not the owner's, a failed one, one that does more, and a replay: 0 moved", async () => {
  const three = cnfts.slice(0, 3);
  const queueId = await createQueue(three);
  const ids = three.map((c) => c.assetId);
  // The owner's delegations and the memo of another text (an earlier nonce): the page's own one-request code.
  const approvals: string[] = [];
  const earlier = await textFor(queueId, three);
  const { memoSignature: earlierSig } = await delegateWithMemo(
    deps(sendOnlyWallet(owner, approvals)),
    ids,
    server.solback.delegate!.publicKey.toBase58(),
    expectedMemoOf(earlier),
  );
  expect(approvals).toEqual([`signAndSend(${three.filter((c) => !c.delegate).length + 1})`]);
  const text = await textFor(queueId, three);
  const intruder = Keypair.generate();
  airdrop(intruder);
  const cases: [string, string, string][] = [
    ['another text', earlierSig!, MEMO_PROOF_REFUSALS.other],
    [
      'not the owner',
      await land(intruder, memoIx(expectedMemoOf(text), intruder.publicKey)),
      MEMO_PROOF_REFUSALS.notOwner,
    ],
    // Memo v2 fails when an account it is given has not signed.
    [
      'a failed transaction',
      await land(owner, memoIx(expectedMemoOf(text), owner.publicKey, intruder.publicKey)),
      MEMO_PROOF_REFUSALS.failed,
    ],
    [
      'a memo that also pays someone',
      await land(
        owner,
        memoIx(expectedMemoOf(text), owner.publicKey),
        SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: intruder.publicKey, lamports: 1 }),
      ),
      MEMO_PROOF_REFUSALS.other,
    ],
    ['nothing landed', bs58.encode(Keypair.generate().secretKey), MEMO_PROOF_REFUSALS.notLanded],
  ];
  for (const [why, signature, refusal] of cases) {
    const res = await authorize(queueId, text, signature);
    expect({ why, status: res.status, error: res.json.error }).toEqual({ why, status: 403, error: refusal });
  }
  // Nothing ran: the queue's items wait and every cNFT is still the owner's.
  await queueWorkerPassed(server.solback);
  expect((await server.solback.queue.store.get(queueId))!.items.map((i) => i.state)).toEqual(ids.map(() => 'pending'));
  for (const id of ids) expect((await ownerOf(server, id)).owner).toBe(owner.publicKey.toBase58());
  expect((await queueStatus(server.url, queueId)).status).toBe(401);
  // None of them spent the text's nonce: the owner's own memo of it is accepted once, and a replay is not.
  const own = await land(owner, memoIx(expectedMemoOf(text), owner.publicKey));
  const ok = await authorize(queueId, text, own);
  expect(ok.json.success).toBe(true);
  const replay = await authorize(queueId, text, own);
  expect({ status: replay.status, error: replay.json.error }).toEqual({ status: 403, error: AUTH_REFUSALS.used });
  expect((await queueStatus(server.url, queueId, ok.json.accessToken)).status).toBe(200);
});

it.each([
  ['', false],
  [", through the wallet's own guard (the added compute price paid by the owner)", true],
])(
  'a queue of 3 in one approval%s: delegations + memo in one send; all 3 reach the trash wallet; fees exact',
  async (_, guard) => {
    const three = cnfts.slice(0, 3);
    const queueId = await createQueue(three);
    const [approvals, sent, steps]: string[][] = [[], [], []];
    const guarded: Transaction[] | undefined = guard ? [] : undefined;
    const before = await connection.getBalance(owner.publicKey, 'confirmed');
    const proof = await delegateAndAuthorize(
      deps(sendOnlyWallet(owner, approvals, sent, guarded)),
      {
        ways: { delegateWithMemo, delegatedBeforeFailure },
        fetchNonce: () => fetchNonce(server.url).then((n) => ({ success: true, ...n })),
        onStep: (s) => steps.push(s),
        onDelegated: () => undefined,
      },
      { queueId, assetIds: three.map((c) => c.assetId), delegate: server.solback.delegate!.publicKey.toBase58() },
    );
    const delegations = three.filter((c) => !c.delegate).length;
    expect(delegations).toBeGreaterThan(0);
    expect(approvals).toEqual([`signAndSend(${delegations + 1})`]);
    expect(proof.memoSignature).toBeTruthy();
    expect(proof.signature).toBeUndefined();
    const res = await authorize(queueId, proof.message!, proof.memoSignature!);
    expect(res.json.success).toBe(true);
    const done = await until(async () => {
      const s = (await queueStatus(server.url, queueId, res.json.accessToken)).json.status;
      return s.isComplete && s;
    }, 60_000);
    expect(done).toMatchObject({ completed: 3, failed: 0 });
    for (const c of three) expect((await ownerOf(server, c.assetId)).owner).toBe(server.solback.config.trashWallet);
    expect(steps).toEqual([QUEUE_STEPS.approving]);
    // The owner paid the network fees of its transactions (the delegations + the memo, the last) and nothing else.
    expect(sent).toHaveLength(delegations + 1);
    expect(sent[delegations]).toBe(proof.memoSignature);
    let fees = 0;
    for (const signature of sent)
      fees += (await connection.getTransaction(signature, { commitment: 'confirmed' }))!.meta!.fee;
    expect((await connection.getBalance(owner.publicKey, 'confirmed')) - before).toBe(-fees);
    // The guard's figures, from the transactions as the wallet sent them: its compute-unit price is in each fee.
    if (guarded) expect(fees).toBe(sum(guarded.map(networkFee)));
    if (guarded) expect(fees).toBeGreaterThan(guarded.length * 5000);
  },
);
