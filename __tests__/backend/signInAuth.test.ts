// Sign In With Solana answers as the owner's authorisation (PRODUCT difference 11), over HTTP on the local chain. A
// wallet's `solana:signIn` builds its message from the fields the page passes (signInInputFor), by the SIWS
// reference (@solana/wallet-standard-util createSignInMessageText): that text is our authorisation text, so the
// server holds the answer (signed message + signature) to the same rules — domain, nonce, expiry, action, assets.
// A queue authorised this way completes; another domain, an expired answer or a replay are refused with 0 moved.
import { createSignInMessageText } from '@solana/wallet-standard-util';
import nacl from 'tweetnacl';
import type { Keypair } from '@solana/web3.js';
import { formatAuthMessage, signInInputFor, type AuthMessage } from '../../src/common/authMessage';
import { AUTH_REFUSALS } from '../../src/common/texts/serverErrorTexts';
import { fetchNonce, queueStatus } from '../support/signedAuth';
import { startServer, type TestServer, queueWorkerPassed } from './helpers';
import { fundOwner, ownerOf, signAndSend, type FundedCnft } from './cnftSupport';
import { until } from '../support/until';

jest.setTimeout(120_000);

let server: TestServer;
let owner: Keypair;
let ownerAddress: string;
let cnfts: FundedCnft[];

beforeAll(async () => {
  server = await startServer();
  ({ owner, cnfts } = await fundOwner(server));
  ownerAddress = owner.publicKey.toBase58();
  const delegate = server.solback.delegate!.publicKey.toBase58();
  for (const c of cnfts.slice(0, 6)) {
    const res = await server.post('/api/cnft/delegate', {
      ownerAddress,
      assetId: c.assetId,
      delegatePublicKey: delegate,
    });
    if (res.json.transaction) await signAndSend(server, res.json.transaction, owner);
  }
}, 90_000);
afterAll(() => server.close());

/** What a wallet answers to `solana:signIn` for these fields: its SIWS text, and its signature of the text. */
async function signInAnswer(queueId: string, assetIds: string[], override: Partial<AuthMessage> = {}) {
  const { nonce, issuedAt, expirationTime } = await fetchNonce(server.url);
  const origin = new URL(server.url);
  const fields: AuthMessage = {
    domain: origin.host,
    address: ownerAddress,
    uri: origin.origin,
    nonce,
    issuedAt,
    expirationTime,
    action: 'queue-authorize',
    queueId,
    assetIds,
    ...override,
  };
  const signedMessage = createSignInMessageText(signInInputFor(fields));
  const signature = nacl.sign.detached(new TextEncoder().encode(signedMessage), owner.secretKey);
  return { fields, message: signedMessage, signature: Buffer.from(signature).toString('base64') };
}

async function createQueue(items: FundedCnft[]): Promise<string> {
  const created = await server.post('/api/queue/create', {
    ownerAddress,
    assets: items.map((c) => ({ assetId: c.assetId, name: c.name, image: c.image })),
  });
  expect(created.json.success).toBe(true);
  return created.json.queueId as string;
}

/** The answer that authorised the completed queue, replayed below. */
let used: { queueId: string; answer: { message: string; signature: string } } | undefined;

const authorize = (queueId: string, answer: { message: string; signature: string }) =>
  server.post('/api/queue/authorize', { queueId, ownerAddress, message: answer.message, signature: answer.signature });

const owners = async (items: FundedCnft[]) =>
  Promise.all(items.map(async (c) => (await ownerOf(server, c.assetId)).owner));

it('the wallet’s sign-in text is exactly the authorisation text the server parses', async () => {
  const answer = await signInAnswer('queue-id-1234', [cnfts[0].assetId, cnfts[1].assetId]);
  expect(answer.message).toBe(formatAuthMessage(answer.fields));
});

it('a queue of 3 authorised through sign-in completes: all 3 reach the trash wallet', async () => {
  const three = cnfts.slice(0, 3);
  const queueId = await createQueue(three);
  const answer = await signInAnswer(
    queueId,
    three.map((c) => c.assetId),
  );
  const res = await authorize(queueId, answer);
  expect(res.json.success).toBe(true);
  used = { queueId, answer };
  const done = await until(
    async () => {
      const s = (await queueStatus(server.url, queueId, res.json.accessToken)).json.status;
      return s.isComplete && s;
    },
    60_000,
    'the queue to complete',
  );
  expect(done).toMatchObject({ completed: 3, failed: 0 });
  expect(await owners(three)).toEqual(three.map(() => server.solback.config.trashWallet));
});

it('another domain, an expired answer, or a replayed one is refused, and nothing moves', async () => {
  const three = cnfts.slice(3, 6);
  const ids = three.map((c) => c.assetId);
  const queueId = await createQueue(three);
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

  const otherDomain = await authorize(
    queueId,
    await signInAnswer(queueId, ids, { domain: 'solback.example', uri: 'https://solback.example' }),
  );
  expect([otherDomain.status, otherDomain.json.error]).toEqual([403, AUTH_REFUSALS.domain]);

  const expired = await authorize(
    queueId,
    await signInAnswer(queueId, ids, { issuedAt: minutes(-11), expirationTime: minutes(-2) }),
  );
  expect([expired.status, expired.json.error]).toEqual([403, AUTH_REFUSALS.expired]);

  // The answer that already authorised the first queue, sent again.
  const replayed = await authorize(used!.queueId, used!.answer);
  expect([replayed.status, replayed.json.error]).toEqual([403, AUTH_REFUSALS.used]);

  await queueWorkerPassed(server.solback);
  expect((await queueStatus(server.url, queueId)).status).toBe(401); // never authorised
  expect((await server.solback.queue.store.get(queueId))!.items.map((i) => i.state)).toEqual([
    'pending',
    'pending',
    'pending',
  ]);
  expect(await owners(three)).toEqual(three.map(() => ownerAddress));
});
