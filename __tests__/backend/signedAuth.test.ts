// Signed authorisations that cannot be replayed (PRODUCT difference 11), over HTTP on the local
// chain: each refusal below is a known replay or a way around the check, and each asserts that
// nothing moved. The memo form (PRODUCT difference 11) is held to the same rules.
import bs58 from 'bs58';
import { Keypair, Transaction, TransactionInstruction } from '@solana/web3.js';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';
import { AUTH_REFUSALS } from '../../src/common/texts/serverErrorTexts';
import { QUEUE_ACCESS_TEXTS } from '../../backend/services/queue/queueAccess';
import { INVALID_SIGNATURE } from '../../backend/services/nft/cnftData';
import { fetchNonce, queueStatus, signedAuth, type AuthOptions } from '../support/signedAuth';
import { readResponse, startServer, type TestServer } from './helpers';
import { fundOwner, ownerOf, signAndSend, type FundedCnft } from './cnftSupport';

jest.setTimeout(120_000);

let server: TestServer;
let owner: Keypair;
let ownerAddress: string;
let cnfts: FundedCnft[];

beforeAll(async () => {
  server = await startServer();
  ({ owner, cnfts } = await fundOwner(server));
  ownerAddress = owner.publicKey.toBase58();
}, 60_000);
afterAll(() => server.close());

const post = async (p: string, body: unknown, headers: Record<string, string> = {}) =>
  readResponse(
    await fetch(server.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );

/** A delegated-transfer body for `id`, signed as the options say. */
async function transferBody(id: string, opts: AuthOptions = {}, kp = owner) {
  const { message, signature, signedTransaction } = await signedAuth(
    server.url,
    kp,
    { action: 'delegated-transfer', assetIds: [id] },
    opts,
  );
  return {
    sender: kp.publicKey.toBase58(),
    assetId: id,
    message,
    signedMessage: signature,
    signedTransaction,
    proofData: null,
  };
}

async function delegate(id: string) {
  const res = await server.post('/api/cnft/delegate', {
    ownerAddress,
    assetId: id,
    delegatePublicKey: server.solback.delegate!.publicKey.toBase58(),
  });
  if (res.json.transaction) await signAndSend(server, res.json.transaction, owner);
}

// An expired text below lives 9 minutes, not exactly 10: two Date.now() calls a millisecond apart would make a
// 10-minute lifetime "too long" instead of "expired".
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe('GET /api/auth/nonce', () => {
  it('answers a fresh nonce with issued-at and an expiry 10 minutes later, never cached or shared', async () => {
    const [a, b] = await Promise.all([fetchNonce(server.url), fetchNonce(server.url)]);
    expect(a.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(a.nonce).not.toBe(b.nonce); // two concurrent identical GETs are not coalesced into one nonce
    expect(Date.parse(a.expirationTime) - Date.parse(a.issuedAt)).toBe(10 * 60_000);
    const res = await fetch(`${server.url}/api/auth/nonce`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is limited per client: a nonce weighs 5 requests of the /api allowance', async () => {
    const limited = await startServer({ RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: '1' });
    try {
      const ask = () => fetch(`${limited.url}/api/auth/nonce`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await ask()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the one verifier (delegated transfer: the server delegate moves the asset on the owner’s word)', () => {
  it('the reproduced attack: a message refused once (not yet delegated) cannot be replayed after delegation', async () => {
    const id = cnfts[5].assetId;
    const body = await transferBody(id);
    const refused = await post('/api/delegated-transfer', body);
    expect(refused.status).toBe(400); // not delegated: refused, and its nonce is spent
    await delegate(id);
    const replay = await post('/api/delegated-transfer', body);
    expect(replay.status).toBe(403);
    expect(replay.json).toEqual({ success: false, error: AUTH_REFUSALS.used });
    expect((await ownerOf(server, id)).owner).toBe(ownerAddress);
  });

  it('refuses an expired message, a lifetime over 10 minutes, and one dated in the future', async () => {
    const id = cnfts[0].assetId; // delegated to the server by the demo funding
    const expired = await post(
      '/api/delegated-transfer',
      await transferBody(id, { fields: { issuedAt: minutes(-10), expirationTime: minutes(-1) } }),
    );
    expect(expired.json).toEqual({ success: false, error: AUTH_REFUSALS.expired });
    const long = await post(
      '/api/delegated-transfer',
      await transferBody(id, { fields: { issuedAt: minutes(0), expirationTime: minutes(11) } }),
    );
    expect(long.json).toEqual({ success: false, error: AUTH_REFUSALS.lifetime });
    const future = await post(
      '/api/delegated-transfer',
      await transferBody(id, { fields: { issuedAt: minutes(5), expirationTime: minutes(10) } }),
    );
    expect(future.json).toEqual({ success: false, error: AUTH_REFUSALS.notYet });
    expect([expired.status, long.status, future.status]).toEqual([403, 403, 403]);
    expect((await ownerOf(server, id)).owner).toBe(ownerAddress);
  });

  it('refuses another domain, including one a client names in X-Forwarded-Host (no TRUST_PROXY)', async () => {
    const id = cnfts[0].assetId;
    const other = await post('/api/delegated-transfer', await transferBody(id, { fields: { domain: 'evil.example' } }));
    expect(other.status).toBe(403);
    expect(other.json.error).toBe(AUTH_REFUSALS.domain);
    const body = await transferBody(id, { fields: { domain: 'evil.example', uri: 'https://evil.example' } });
    const forwarded = await post('/api/delegated-transfer', body, { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.json).toEqual({ success: false, error: AUTH_REFUSALS.domain });
    expect((await ownerOf(server, id)).owner).toBe(ownerAddress);
  });

  it('refuses asset ids that do not match the request, another action, and another wallet’s signature', async () => {
    const id = cnfts[0].assetId;
    const otherAsset = await transferBody(cnfts[4].assetId);
    const swapped = await post('/api/delegated-transfer', { ...otherAsset, assetId: id });
    expect(swapped.json).toEqual({ success: false, error: AUTH_REFUSALS.assets });
    const two = await transferBody(id, { fields: { assetIds: [id, cnfts[4].assetId] } });
    expect((await post('/api/delegated-transfer', two)).json.error).toBe(AUTH_REFUSALS.assets);
    const burn = await signedAuth(server.url, owner, { action: 'burn-request', assetIds: [id] });
    const wrongAction = await post('/api/delegated-transfer', {
      sender: ownerAddress,
      assetId: id,
      message: burn.message,
      signedMessage: burn.signature,
      proofData: null,
    });
    expect(wrongAction.json.error).toBe(AUTH_REFUSALS.action);
    const intruder = Keypair.generate();
    const foreign = await post('/api/delegated-transfer', await transferBody(id, { signer: intruder }));
    expect(foreign.json).toEqual({ success: false, error: INVALID_SIGNATURE });
    // The intruder's own correctly signed message names the intruder, not the owner.
    const asIntruder = await post('/api/delegated-transfer', await transferBody(id, {}, intruder));
    expect(asIntruder.status).toBe(403);
    expect([swapped.status, wrongAction.status, foreign.status]).toEqual([403, 403, 403]);
    expect((await ownerOf(server, id)).owner).toBe(ownerAddress);
  });

  it('refuses a nonce this server never issued, a missing proof (401) and a text that is not the format (400)', async () => {
    const id = cnfts[0].assetId;
    const made = await post('/api/delegated-transfer', await transferBody(id, { fields: { nonce: 'f'.repeat(32) } }));
    expect(made.json).toEqual({ success: false, error: AUTH_REFUSALS.used });
    const body = await transferBody(id);
    const bare = await post('/api/delegated-transfer', { ...body, signedMessage: undefined });
    expect(bare.status).toBe(401);
    const padded = await post('/api/delegated-transfer', { ...body, message: body.message + '\n- asset:x' });
    expect(padded.status).toBe(400);
    // The refusals above did not spend the owner's nonce: the same signed message still works once.
    const ok = await post('/api/delegated-transfer', body);
    expect(ok.json.success).toBe(true);
    expect((await ownerOf(server, id)).owner).toBe(server.solback.config.trashWallet);
    expect((await post('/api/delegated-transfer', body)).status).toBe(403);
  });
});

describe('the memo form (a wallet without signMessage signs a never-sent transaction)', () => {
  it('is accepted once, with the same rules; a replay, a real blockhash or a second instruction are refused', async () => {
    const id = cnfts[1].assetId;
    await delegate(id);
    const body = await transferBody(id, { memo: true });
    expect(body.signedMessage).toBeUndefined();
    // Another blockhash (one that could land) → refused.
    const tx = Transaction.from(Buffer.from(body.signedTransaction!, 'base64'));
    const realHash = (await server.solback.connection.getLatestBlockhash()).blockhash;
    const landable = new Transaction({ feePayer: owner.publicKey, recentBlockhash: realHash }).add(tx.instructions[0]);
    landable.sign(owner);
    const withRealHash = { ...body, signedTransaction: landable.serialize().toString('base64') };
    expect((await post('/api/delegated-transfer', withRealHash)).json.error).toBe(INVALID_SIGNATURE);
    // A second instruction (here a second memo) → refused.
    const extra = new Transaction({ feePayer: owner.publicKey, recentBlockhash: tx.recentBlockhash! })
      .add(tx.instructions[0])
      .add(new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('x') }));
    extra.sign(owner);
    const twoIxs = { ...body, signedTransaction: extra.serialize().toString('base64') };
    expect((await post('/api/delegated-transfer', twoIxs)).status).toBe(403);
    // The same time rules: an expired message in a memo → refused.
    const expired = await transferBody(id, {
      memo: true,
      fields: { issuedAt: minutes(-10), expirationTime: minutes(-1) },
    });
    expect((await post('/api/delegated-transfer', expired)).json.error).toBe(AUTH_REFUSALS.expired);
    const ok = await post('/api/delegated-transfer', body);
    expect(ok.json.success).toBe(true);
    expect((await ownerOf(server, id)).owner).toBe(server.solback.config.trashWallet);
    expect((await post('/api/delegated-transfer', body)).json.error).toBe(AUTH_REFUSALS.used);
    // Never broadcast: the chain does not know the memo transaction's signature.
    const memoSig = Transaction.from(Buffer.from(body.signedTransaction!, 'base64')).signature!;
    const { value } = await server.solback.connection.getSignatureStatuses([bs58.encode(memoSig)], {
      searchTransactionHistory: true,
    });
    expect(value[0]).toBeNull();
  });
});

describe('queue status and cancel need the owner', () => {
  it('cancel {} → 401, a stranger’s token or signature → 403; status without the token → 401; the owner can', async () => {
    const two = [cnfts[2], cnfts[3]];
    const assetIds = two.map((c) => c.assetId);
    const queueId = (
      await server.post('/api/queue/create', {
        ownerAddress,
        assets: two.map((c) => ({ assetId: c.assetId, name: c.name, image: null })),
      })
    ).json.queueId as string;
    const empty = await post(`/api/queue/cancel/${queueId}`, {});
    expect(empty.status).toBe(401);
    expect(empty.json).toEqual({ success: false, error: QUEUE_ACCESS_TEXTS.required });
    const withOwnerOnly = await post(`/api/queue/cancel/${queueId}`, { ownerAddress });
    expect(withOwnerOnly.status).toBe(401);
    const intruder = Keypair.generate();
    const strangerSigned = await post(`/api/queue/cancel/${queueId}`, {
      ...(await signedAuth(server.url, owner, { action: 'queue-cancel', queueId, assetIds }, { signer: intruder })),
    });
    expect(strangerSigned.status).toBe(403);

    // The owner authorises (one signed message) and gets the token that opens status and cancel.
    const auth = await post('/api/queue/authorize', {
      queueId,
      ownerAddress,
      ...(await signedAuth(server.url, owner, { action: 'queue-authorize', queueId, assetIds })),
    });
    const token = auth.json.accessToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await queueStatus(server.url, queueId)).status).toBe(401);
    const wrong = await queueStatus(server.url, queueId, 'A'.repeat(43));
    expect(wrong).toEqual({ status: 403, json: { success: false, error: QUEUE_ACCESS_TEXTS.wrong } });
    const mine = await queueStatus(server.url, queueId, token);
    expect(mine.status).toBe(200);
    expect(mine.json.status.total).toBe(2);
    const badCancel = await post(`/api/queue/cancel/${queueId}`, {}, { authorization: `Bearer ${'B'.repeat(43)}` });
    expect(badCancel.status).toBe(403);
    const cancel = await post(`/api/queue/cancel/${queueId}`, { ownerAddress }, { authorization: `Bearer ${token}` });
    expect(cancel.status).toBe(200);
    expect(cancel.json.status.isCancelled).toBe(true);
    // The answer says what is not moved (the truth helper offers to revoke those).
    const s = cancel.json.status;
    expect(s.completed + s.processing + s.unmovedAssets.length).toBe(2);
  });
});
