// Fuzz: generated bad requests on every /api route (found from the app's routers). No 5xx, every answer is the JSON
// error shape (or a success for an accidentally valid input), transactions and signatures of another wallet are
// refused, and the server still answers good requests afterwards. Reproduce with FUZZ_SEED=<seed>.
import nacl from 'tweetnacl';
import { type Keypair, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { signedAuth, type AuthRequest } from '../support/signedAuth';
import { apiRoutes, Gen, mulberry32, someKeypair, type FuzzCase, type Route } from './fuzzSupport';
import { readResponse, startServer, type TestServer } from './helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 40);
jest.setTimeout(240_000);

let s: TestServer;
let g: Gen;
let owner: Keypair; // the funded wallet
let other: Keypair; // another wallet, trying to act on owner's assets
let manifest: any;
let queueId: string;
let otherSignedPrepared: string; // owner's prepared vacant close, "signed" by another key
let otherTransfer: string; // a transaction signed by another wallet
// Another wallet's signatures of the owner's authorisation messages (signing is slow: once). A forged signature
// never spends the nonce, so each stays usable for every case.
type Forged = { message: string; signature: string };
let sigs: { burn: Forged; queue: Forged; delegated: Forged };
/** The owner's message of `req`, signed by `kp` (another wallet: a forgery). */
const forge = async (kp: Keypair, req: AuthRequest): Promise<Forged> => {
  const { message, signature } = await signedAuth(s.url, owner, req, { signer: kp });
  return { message, signature: signature! };
};
/** `kp`'s own, validly signed message of `req` (naming `kp`, not the owner). */
const ownSigned = async (kp: Keypair, req: AuthRequest): Promise<Forged> => {
  const { message, signature } = await signedAuth(s.url, kp, req);
  return { message, signature: signature! };
};
const asBurn = (f: Forged) => ({ message: f.message, signedMessage: f.signature });

beforeAll(async () => {
  g = new Gen(mulberry32(SEED));
  s = await startServer(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
  owner = someKeypair(g);
  other = someKeypair(g);
  const funded = await s.post('/api/localnet/fund', { owner: owner.publicKey.toBase58() });
  expect(funded.status).toBe(200);
  manifest = funded.json.manifest;
  const q = await s.post('/api/queue/create', {
    ownerAddress: owner.publicKey.toBase58(),
    assets: [{ assetId: manifest.cnfts[0].assetId }],
  });
  queueId = q.json.queueId;
  const prepared = await s.post('/api/prepare-burn-transactions', { ownerAddress: owner.publicKey.toBase58() });
  const tx = VersionedTransaction.deserialize(Buffer.from(prepared.json.transaction, 'base64'));
  tx.signatures[0] = nacl.sign.detached(tx.message.serialize(), other.secretKey);
  otherSignedPrepared = Buffer.from(tx.serialize()).toString('base64');
  const { blockhash } = (await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }))
    .json.result.value;
  const t = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: owner.publicKey, lamports: 1 }),
  );
  t.sign(other);
  otherTransfer = t.serialize().toString('base64');
  const cnft = manifest.cnfts[0].assetId;
  sigs = {
    burn: await forge(other, { action: 'burn-request', assetIds: [cnft] }),
    queue: await forge(other, { action: 'queue-authorize', queueId, assetIds: [cnft] }),
    delegated: await forge(other, { action: 'delegated-transfer', assetIds: [cnft] }),
  };
});
afterAll(() => s?.close());

/** Good-looking bodies per route; each case mutates one thing. Routes not listed get `{}`. */
function template(route: Route): Record<string, unknown> {
  const o = owner.publicKey.toBase58();
  const cnft = manifest.cnfts[0].assetId;
  const nft = manifest.nfts[0];
  const t: Record<string, Record<string, unknown>> = {
    'POST /api/localnet/fund': { owner: g.validAddress(), profile: 'demo' },
    'POST /api/localnet/faults': { delayConfirmations: { ms: 0 } },
    'POST /api/burn-vacant-accounts': { ownerAddress: o, signedMessage: 'placeholder' },
    'POST /api/prepare-burn-transactions': { ownerAddress: o, vacantAccounts: [manifest.emptyAccounts[0].account] },
    'POST /api/prepare-recovery': { ownerAddress: o, accounts: [manifest.recovery.buffer] },
    'POST /api/submit-burn-transaction': { signedTransaction: otherSignedPrepared, accountCount: 1 },
    'POST /api/batch-burn-nft': {
      nfts: [{ mint: nft.mint, tokenAccount: nft.tokenAccount, name: nft.name }],
      owner: o,
    },
    'POST /api/cnft/burn-request': { assetId: cnft, ownerAddress: o, ...asBurn(sigs.burn) },
    'POST /api/cnft/delegate': {
      ownerAddress: other.publicKey.toBase58(),
      assetId: cnft,
      delegatePublicKey: s.solback.delegate!.publicKey.toBase58(),
    },
    'POST /api/robust-transfer': {
      assetId: cnft,
      destinationAddress: s.solback.config.trashWallet,
      signedTransaction: otherTransfer,
    },
    'POST /api/burn-cnft/:assetId': { cachedProofData: null, ownerAddress: other.publicKey.toBase58() },
    'POST /api/queue/create': { ownerAddress: o, assets: [{ assetId: cnft, name: 'x', image: null }] },
    'POST /api/queue/authorize': { queueId, ownerAddress: o, ...sigs.queue },
    'POST /api/queue/cancel/:queueId': { ownerAddress: other.publicKey.toBase58() },
    'POST /api/delegated-transfer': { sender: o, assetId: cnft, ...asBurn(sigs.delegated), proofData: null },
    'POST /api/rpc': {
      jsonrpc: '2.0',
      id: 1,
      method: g.pick([
        'getAccountInfo',
        'getBalance',
        'sendTransaction',
        'getAsset',
        'getAssetProof',
        'getMultipleAccounts',
        'simulateTransaction',
        'getSignatureStatuses',
        'getTokenAccountsByOwner',
        'getProgramAccounts',
        'nope',
      ]),
      params: [o],
    },
  };
  return { ...(t[`${route.methods.find((m) => m !== 'GET') ?? 'GET'} ${route.path}`] ?? {}) };
}

function concretePath(route: Route, bad?: string): string {
  const value = (p: string) =>
    p === 'queueId'
      ? queueId
      : p === 'wallet'
        ? owner.publicKey.toBase58()
        : p === 'mint'
          ? manifest.tokens[0].mint
          : manifest.cnfts[0].assetId;
  let i = 0;
  const target = bad !== undefined ? g.int(route.params.length) : -1;
  return route.path.replace(/:(\w+)/g, (_m, p) => (i++ === target ? bad! : value(p)));
}

const raw = (v: unknown) => JSON.stringify(v);

function casesFor(route: Route, n: number, next: () => number): FuzzCase[] {
  const out: FuzzCase[] = [];
  const method = route.methods.includes('POST') ? 'POST' : 'GET';
  for (let k = 0; k < n; k++) {
    const base = template(route);
    const keys = Object.keys(base);
    const c = (kind: string, path: string, body?: string, contentType?: string): FuzzCase => ({
      id: next(),
      kind,
      method,
      path,
      body,
      contentType,
    });
    const choices: (() => FuzzCase)[] = [
      () => c('wrong method', concretePath(route), raw(base)),
      () => c('bad query', concretePath(route) + g.query(), method === 'POST' ? raw(base) : undefined),
    ];
    if (route.params.length)
      choices.push(() =>
        c('bad path param', concretePath(route, g.pathSegment()), method === 'POST' ? raw(base) : undefined),
      );
    if (method === 'POST') {
      choices.push(
        () =>
          c(
            'JSON not an object',
            concretePath(route),
            g.pick(['[]', '1', '"s"', 'null', 'true', '[{}]', '-0', '1e999']),
          ),
        () =>
          c(
            'malformed JSON',
            concretePath(route),
            g.pick([
              '{',
              '{"a":',
              "{'a':1}",
              '{"a":1,}',
              'undefined',
              '\u0000',
              '{"a":"\\ud800"}',
              raw(base).slice(0, -1),
            ]),
          ),
        () =>
          c(
            'not JSON',
            concretePath(route),
            raw(base),
            g.pick([
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
            ]),
          ),
        () =>
          c(
            'unknown field',
            concretePath(route),
            raw({ ...base, [g.pick(['extra', 'privateKeyBase58', 'isAdmin', 'constructor'])]: g.wrongValue() }),
          ),
        () => c('prototype key', concretePath(route), `{"__proto__":{"polluted":true},${raw(base).slice(1)}`),
        () => c('huge body', concretePath(route), raw({ ...base, pad: 'x'.repeat(1_100_000 + g.int(100_000)) })),
        () => c('deep nesting', concretePath(route), '['.repeat(20_000) + ']'.repeat(20_000)),
        () => c('empty body', concretePath(route), ''),
      );
      if (keys.length) {
        choices.push(
          () => {
            const b = { ...base };
            delete b[g.pick(keys)];
            return c('missing field', concretePath(route), raw(b));
          },
          () => c('wrong type', concretePath(route), raw({ ...base, [g.pick(keys)]: g.wrongValue() })),
          () => c('wrong type', concretePath(route), raw({ ...base, [g.pick(keys)]: g.wrongValue() })),
          () =>
            c(
              'bad address',
              concretePath(route),
              raw({ ...base, [g.pick(keys)]: g.pick([g.badAddress(), g.offCurveAddress()]) }),
            ),
        );
      }
    }
    out.push(choices[g.int(choices.length)]());
  }
  return out;
}

type Answer = { status: number; json: any; text: string; type: string };

async function send(c: FuzzCase): Promise<Answer> {
  const method =
    c.kind === 'wrong method' ? g.pick(['PUT', 'DELETE', 'PATCH', c.method === 'GET' ? 'POST' : 'GET']) : c.method;
  const res = await fetch(s.url + c.path, {
    method,
    headers: c.body !== undefined ? { 'content-type': c.contentType ?? 'application/json' } : {},
    body: method === 'GET' || method === 'HEAD' ? undefined : c.body,
  });
  const { status, json, text } = await readResponse(res);
  return { status, json, text, type: res.headers.get('content-type') ?? '' };
}

/** null when the answer is acceptable, else why not. */
function problem(c: FuzzCase, a: Answer): string | null {
  if (a.status >= 500) return `status ${a.status}`;
  if (a.json === undefined || !/json/.test(a.type)) return `not JSON (${a.status}): ${a.text.slice(0, 80)}`;
  if (/\n\s+at |\.ts:\d+|node_modules/.test(a.text)) return 'leaks a stack trace';
  if (c.path.startsWith('/api/rpc') && c.method === 'POST' && c.kind !== 'wrong method') {
    const ok = (r: any) => r && (r.jsonrpc === '2.0' || r.success === false);
    return (Array.isArray(a.json) ? a.json.every(ok) : ok(a.json)) ? null : 'not a JSON-RPC answer';
  }
  if (a.status >= 400)
    return a.json.success === false && typeof a.json.error === 'string' && a.json.error.length > 0
      ? null
      : 'not {success:false, error}';
  return a.json.success === true ? null : `2xx without success:true`;
}

it(`answers ${PER_ROUTE} generated bad requests per /api route (seed ${SEED}) without a 5xx, always as JSON errors`, async () => {
  const routes = apiRoutes(s.solback);
  expect(routes.length).toBeGreaterThanOrEqual(20);
  let id = 0;
  const cases = routes.flatMap((r) => casesFor(r, PER_ROUTE, () => id++));
  if (process.env.FUZZ_SLOW) console.log(`generated ${cases.length} cases at ${new Date().toISOString()}`);
  const failures: string[] = [];
  const kinds: Record<string, number> = {};
  const parallel = Number(process.env.FUZZ_CONCURRENCY ?? 8);
  for (let i = 0; i < cases.length; i += parallel) {
    await Promise.all(
      cases.slice(i, i + parallel).map(async (c) => {
        kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
        const t0 = Date.now();
        const a = await send(c).catch((err) => ({
          status: 599,
          json: undefined,
          text: `${err} ${err.cause ?? ''}`,
          type: '',
        }));
        if (process.env.FUZZ_SLOW && Date.now() - t0 > 500)
          console.log(
            `slow ${Date.now() - t0} ms #${c.id} ${c.kind} ${c.method} ${c.path.slice(0, 100)} ${(c.body ?? '').slice(0, 100)}`,
          );
        const why = problem(c, a);
        if (why)
          failures.push(
            `#${c.id} ${c.kind} ${c.method} ${c.path.slice(0, 120)} body=${(c.body ?? '').slice(0, 120)} → ${why} ${a.text.slice(0, 160)}`,
          );
      }),
    );
  }
  console.log(
    `fuzz: ${cases.length} requests over ${routes.length} routes (seed ${SEED}); by kind ${JSON.stringify(kinds)}; failures ${failures.length}`,
  );
  expect(failures.slice(0, 15)).toEqual([]);
  expect(cases.length).toBeGreaterThanOrEqual(500);
});

it("refuses every attempt to act with another wallet's signature or transaction", async () => {
  const o = owner.publicKey.toBase58();
  const cnft = manifest.cnfts[0].assetId;
  const attempts: [string, unknown][] = [
    ['/api/submit-burn-transaction', { signedTransaction: otherSignedPrepared, accountCount: 1 }],
    ['/api/submit-burn-transaction', { signedTransaction: otherTransfer, accountCount: 1 }],
    [
      '/api/robust-transfer',
      { assetId: cnft, destinationAddress: s.solback.config.trashWallet, signedTransaction: otherTransfer },
    ],
    ['/api/cnft/burn-request', { assetId: cnft, ownerAddress: o, ...asBurn(sigs.burn) }],
    [
      '/api/cnft/burn-request',
      {
        assetId: cnft,
        ownerAddress: other.publicKey.toBase58(),
        ...asBurn(await ownSigned(other, { action: 'burn-request', assetIds: [cnft] })),
      },
    ],
    [
      '/api/cnft/delegate',
      {
        ownerAddress: other.publicKey.toBase58(),
        assetId: cnft,
        delegatePublicKey: s.solback.delegate!.publicKey.toBase58(),
      },
    ],
    [`/api/burn-cnft/${cnft}`, { cachedProofData: null, ownerAddress: other.publicKey.toBase58() }],
    ['/api/queue/authorize', { queueId, ownerAddress: o, ...sigs.queue }],
    [
      '/api/queue/authorize',
      {
        queueId,
        ownerAddress: other.publicKey.toBase58(),
        ...(await ownSigned(other, { action: 'queue-authorize', queueId, assetIds: [cnft] })),
      },
    ],
    [`/api/queue/cancel/${queueId}`, { ownerAddress: other.publicKey.toBase58() }],
    [`/api/queue/cancel/${queueId}`, {}],
    [
      `/api/queue/cancel/${queueId}`,
      { ownerAddress: o, ...(await forge(other, { action: 'queue-cancel', queueId, assetIds: [cnft] })) },
    ],
    ['/api/delegated-transfer', { sender: o, assetId: cnft, ...asBurn(sigs.delegated), proofData: null }],
    [
      '/api/delegated-transfer',
      {
        sender: other.publicKey.toBase58(),
        assetId: cnft,
        ...asBurn(await ownSigned(other, { action: 'delegated-transfer', assetIds: [cnft] })),
        proofData: null,
      },
    ],
  ];
  for (const [path, body] of attempts) {
    const r = await s.post(path, body);
    expect([path, r.status >= 400 && r.status < 500, r.json?.success]).toEqual([path, true, false]);
  }
});

it('still answers good requests afterwards', async () => {
  const o = owner.publicKey.toBase58();
  const tokens = await s.get(`/api/wallet-tokens/${o}`);
  expect(tokens.status).toBe(200);
  expect(tokens.json.tokens.length).toBe(manifest.tokens.length);
  expect((await s.get('/api/config')).json.success).toBe(true);
  const nfts = await s.get(`/api/helius/wallet/nfts/${o}`);
  expect(nfts.json.data.compressedNfts.length).toBe(manifest.cnfts.length + (manifest.kinds?.cnftsV2.length ?? 0));
  const rpc = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [o] });
  expect(rpc.json.result.value).toBeGreaterThan(0);
  // Nothing was queued for processing by the fuzzing: the owner's queue is still unauthorised (and its status is
  // the owner's alone: no token was ever issued for it).
  const record = (await s.solback.queue.store.get(queueId))!;
  expect([record.authorizedAt, record.accessTokenHash, record.cancelledAt]).toEqual([undefined, undefined, undefined]);
  expect((await s.get(`/api/queue/status/${queueId}`)).status).toBe(401);
});
