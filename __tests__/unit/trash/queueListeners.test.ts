// The queue flow (docs/PRODUCT.md#trash-a-cnft) through the listener: validation texts, create → sign → authorise → poll every 2 s →
// complete, completed assets hidden at once, success callback 2 s after completion, cancel posts and resets,
// and the docs/PRODUCT.md#error-texts failure texts. The /api calls go to a recording server.
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from '../../../src/common/addresses';
import { Keypair, Transaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra, type WalletPort } from '../../../src/app/walletPort';
import { CHAIN_GUARD } from '../../../src/common/texts/guardTexts';
import { AUTH_TEXTS, CNFT_ERRORS, VALIDATION, queueCancelledReport } from '../../../src/common/texts';
import { parseAuthMessage } from '../../../src/common/authMessage';
import { QUEUE_NEEDS_DELEGATE } from '../../../src/features/trash/queue/queueListeners';
import { QUEUE_POLL_INTERVAL_MS } from '../../../src/common/constants';
import { queueCancelRequested, queueStartRequested } from '../../../src/features/trash/queue/queueSlice';
import { REUSE_WITHIN_MS, unauthorisedQueue } from '../../../src/features/trash/queue/unauthorisedQueue';
import { walletConnected } from '../../../src/app/events';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { listenersIdle, until } from '../../support/until';

let server: RecordingServer;
const owner = Keypair.generate();
const delegate = Keypair.generate().publicKey.toBase58();
const assets = [
  { assetId: Keypair.generate().publicKey.toBase58(), name: 'A', image: null },
  { assetId: Keypair.generate().publicKey.toBase58(), name: 'B', image: null },
];

beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  unauthorisedQueue.forget(); // each test starts as a fresh page
});

const urlOf = (req: unknown) => (req instanceof Request ? req.url : req);

function storeWith(wallet: Partial<WalletPort>) {
  const extra = createAppExtra({ publicKey: owner.publicKey.toBase58(), ...wallet });
  extra.setConnection({} as never);
  const store = makeStore(undefined, extra);
  store.dispatch(walletConnected({ publicKey: owner.publicKey.toBase58() }));
  return store;
}

const signMessage = async (m: Uint8Array) => nacl.sign.detached(m, owner.secretKey);

const TOKEN = 'owner-access-token-of-queue-1234';
let nonces = 0;

function script(
  statuses: unknown[],
  opts: {
    createFails?: boolean;
    authorizeFails?: boolean;
    cancelStatus?: unknown;
    authorizeHangs?: Promise<void>;
    nonceFails?: boolean;
  } = {},
) {
  let polls = 0;
  server.respond((req) => {
    if (req.path === '/api/auth/nonce' && opts.nonceFails)
      return { status: 503, body: { success: false, error: 'Service temporarily unavailable' } };
    if (req.path === '/api/auth/nonce')
      return {
        body: {
          success: true,
          nonce: (++nonces).toString(16).padStart(32, '0'),
          issuedAt: '2026-11-23T08:00:00.000Z',
          expirationTime: '2026-11-23T08:10:00.000Z',
        },
      };
    if (req.path === '/api/config')
      return {
        body: {
          success: true,
          trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
          feeWallet: LOCAL_DEFAULT_FEE_WALLET,
          delegate,
          localnet: true,
          quicknodeRpcUrl: 'x',
        },
      };
    if (req.path.startsWith('/api/delegate/info/'))
      return { body: { success: true, delegationInfo: { delegated: true, delegate } } };
    if (req.path === '/api/queue/create')
      return opts.createFails
        ? { status: 500, body: { success: false, error: 'x' } }
        : { body: { success: true, queueId: 'queue-1234' } };
    if (req.path === '/api/queue/authorize')
      return opts.authorizeFails
        ? { status: 403, body: { success: false, error: 'bad' } }
        : { body: { success: true, accessToken: TOKEN } };
    // Status and cancel answer the owner only (the access token from the authorisation), as the server does.
    const owner = req.headers.authorization === `Bearer ${TOKEN}`;
    if (/^\/api\/queue\/(status|cancel)\//.test(req.path) && !owner)
      return { status: 401, body: { success: false, error: 'owner only' } };
    if (req.path === '/api/queue/status/queue-1234')
      return { body: { success: true, status: statuses[Math.min(polls++, statuses.length - 1)] } };
    if (req.path.startsWith('/api/queue/cancel/'))
      return { body: opts.cancelStatus ? { success: true, status: opts.cancelStatus } : { success: true } };
    return { status: 404, body: { success: false, error: 'no' } };
  });
}

const status = (completed: number, done: boolean) => ({
  pending: 2 - completed,
  processing: 0,
  completed,
  failed: 0,
  isComplete: done,
  lastSignature: completed ? 'sig' : null,
  completedAssets: assets
    .slice(0, completed)
    .map((a) => ({ assetId: a.assetId, name: a.name, signature: `sig-${a.name}` })),
  failedAssets: [],
});

describe('docs/PRODUCT.md#validation texts', () => {
  it("'Wallet not connected'", async () => {
    const store = storeWith({ publicKey: null, signMessage });
    store.dispatch(queueStartRequested({ assets }));
    await until(() => store.getState().queue.error !== null);
    expect(store.getState().queue.error!.message).toBe(VALIDATION.walletNotConnected);
  });
  it("'No assets selected for transfer'", async () => {
    const store = storeWith({ signMessage });
    store.dispatch(queueStartRequested({ assets: [] }));
    await until(() => store.getState().queue.error !== null);
    expect(store.getState().queue.error!.message).toBe(VALIDATION.noAssetsSelected);
  });
  it("'Your wallet does not support the required signing method'", async () => {
    const store = storeWith({});
    store.dispatch(queueStartRequested({ assets }));
    await until(() => store.getState().queue.error !== null);
    expect(store.getState().queue.error!.message).toBe(VALIDATION.signingMethodUnsupported);
    expect(server.requests).toHaveLength(0);
  });
});

/** Starts a queue against a server whose /api/config is `config`; answers the error text and what was signed. */
async function startWithConfig(config: Record<string, unknown>) {
  server.respond((req) =>
    req.path === '/api/config'
      ? { body: { success: true, trashWallet: LOCAL_DEFAULT_TRASH_WALLET, quicknodeRpcUrl: 'x', ...config } }
      : { status: 404, body: { success: false, error: 'no' } },
  );
  let signed = 0;
  const store = storeWith({
    signMessage: async (m) => (signed++, signMessage(m)),
    signAllTransactions: async (t) => (signed++, t),
  });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  const asked = server.requests.filter((r) => /queue|delegate/.test(r.path));
  return { text: store.getState().queue.error!.message, signed, asked };
}

it('a server without a delegate key (config.delegate null): the queue fails with a clear text, nothing is signed or created', async () => {
  // The build's wallets: only the delegate is missing.
  const r = await startWithConfig({ feeWallet: LOCAL_DEFAULT_FEE_WALLET, delegate: null, localnet: false });
  expect(r).toEqual({ text: QUEUE_NEEDS_DELEGATE, signed: 0, asked: [] });
});

it('a server naming another fee wallet: the queue says so and stops before any delegation', async () => {
  const r = await startWithConfig({ feeWallet: delegate, delegate, localnet: true });
  expect(r).toEqual({
    text: CHAIN_GUARD.serverMismatch('the fee wallet', delegate, LOCAL_DEFAULT_FEE_WALLET),
    signed: 0,
    asked: [],
  });
});

it('create → sign the queue message → authorise → poll until complete; completed hidden at once; success 2 s later', async () => {
  script([status(0, false), status(1, false), status(2, true)]);
  const store = storeWith({ signMessage });
  const t0 = Date.now();
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.status === 'complete', 15_000);
  const auth = server.requests.find((r) => r.path === '/api/queue/authorize')!.body as any;
  expect(auth.queueId).toBe('queue-1234');
  // PRODUCT difference 11: this page's host, the owner, the action, this queue and exactly its assets, the
  // server's nonce and times.
  expect(parseAuthMessage(auth.message)).toEqual({
    domain: new URL(server.origin).host, // the server the page talks to (the page's own origin in a browser)
    address: owner.publicKey.toBase58(),
    action: 'queue-authorize',
    uri: server.origin,
    nonce: expect.stringMatching(/^0+[0-9a-f]+$/),
    issuedAt: '2026-11-23T08:00:00.000Z',
    expirationTime: '2026-11-23T08:10:00.000Z',
    queueId: 'queue-1234',
    assetIds: assets.map((a) => a.assetId),
  });
  expect(
    nacl.sign.detached.verify(
      new TextEncoder().encode(auth.message),
      Buffer.from(auth.signature, 'base64'),
      owner.publicKey.toBytes(),
    ),
  ).toBe(true);
  // The token is never part of a URL or body: only the status calls' Authorization header.
  for (const r of server.requests.filter((x) => x.path.startsWith('/api/queue/status/')))
    expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
  const polls = server.requests.filter((r) => r.path.startsWith('/api/queue/status/')).length;
  expect(polls).toBe(3);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(4_000); // 2 s between polls
  expect(store.getState().hiddenAssets.ids).toEqual(expect.arrayContaining(assets.map((a) => a.assetId)));
  expect(store.getState().queue.succeeded).toBeNull();
  await until(() => store.getState().queue.succeeded !== null, 15_000);
  expect(store.getState().queue.succeeded).toEqual({ completed: 2 });
  expect(store.getState().celebration.active).not.toBeNull();
}, 30_000);

it('cancel posts the cancel, stops polling and resets to initial', async () => {
  // Fake timers that keep pace with the clock (the HTTP and `until` run as usual), so the test can jump to the next poll.
  jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'queueMicrotask', 'Date'] });
  try {
    script([status(0, false)]);
    const store = storeWith({ signMessage });
    store.dispatch(queueStartRequested({ assets }));
    // The first status is read: the listener now waits 2 s for the next poll.
    await until(() => store.getState().queue.progress !== null);
    // Every status request the page starts, counted when fetch is called (before anything reaches the server).
    const fetches = jest.spyOn(globalThis, 'fetch');
    const statusFetches = () => fetches.mock.calls.filter(([req]) => String(urlOf(req)).includes('/api/queue/status/'));
    store.dispatch(queueCancelRequested());
    expect(store.getState().queue).toMatchObject({ status: 'initial', queueId: null, progress: null });
    await until(() => server.requests.some((r) => r.path === '/api/queue/cancel/queue-1234'));
    // The next poll is due now: the listener wakes and must end instead of asking again. Whatever it starts then
    // reaches fetch within that turn's promise jobs, which all run before a nextTick queued from one of them.
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS);
    await new Promise((r) => process.nextTick(r));
    expect(statusFetches()).toHaveLength(0);
    expect(server.requests.filter((r) => r.path.startsWith('/api/queue/status/'))).toHaveLength(1);
  } finally {
    jest.restoreAllMocks();
    jest.useRealTimers();
  }
}, 20_000);

it('cancel shows what the server did: the answer says 2 already moved, so they leave the list and the modal says so', async () => {
  script([status(0, false)], { cancelStatus: status(2, true) });
  const store = storeWith({ signMessage });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.status === 'processing');
  store.dispatch(queueCancelRequested());
  await until(() => store.getState().queue.cancelled !== null);
  expect(store.getState().queue).toMatchObject({
    status: 'initial',
    cancelled: { completed: 2 },
    progress: { completed: 2 },
  });
  expect(store.getState().hiddenAssets.ids).toEqual(expect.arrayContaining(assets.map((a) => a.assetId)));
  expect(queueCancelledReport(2, 0, 0)).toBe(
    'Cancelled. The server had already moved 2 cNFTs to the trash wallet. The rest were not touched.',
  );
}, 20_000);

it("failure texts: 'Failed to create transfer queue', 'Signing failed: ...', 'Failed to authorize transfer queue'", async () => {
  script([], { createFails: true });
  let store = storeWith({ signMessage });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  expect(store.getState().queue.error!.message).toBe(CNFT_ERRORS.queueCreateFailed);

  script([]);
  store = storeWith({
    signMessage: async () => {
      throw new Error('User rejected the request');
    },
  });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  expect(store.getState().queue.error!.message).toBe('Signing failed: User rejected the request');
  expect(store.getState().queue.status).toBe('initial');

  script([], { authorizeFails: true });
  store = storeWith({ signMessage });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  expect(store.getState().queue.error!.message).toBe(CNFT_ERRORS.queueAuthorizeFailed);
});

it('no one-time code from the server: the queue says so (not a signing or delegation failure) and the wallet is never asked', async () => {
  script([], { nonceFails: true });
  let asked = 0;
  const store = storeWith({ signMessage: async (m) => (asked++, signMessage(m)) });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  expect(store.getState().queue.error).toEqual({ name: 'nonce', message: AUTH_TEXTS.nonceFailed });
  expect(asked).toBe(0);
});

it('a retry after a rejected approval reuses the unauthorised queue (one create); once authorised, the next run creates anew', async () => {
  script([status(2, true)]);
  const creates = () => server.requests.filter((r) => r.path === '/api/queue/create').length;
  let store = storeWith({
    signMessage: async () => {
      throw new Error('User rejected the request');
    },
  });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.error !== null);
  expect(creates()).toBe(1);
  store = storeWith({ signMessage });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.status === 'complete');
  expect(creates()).toBe(1); // the same queue, authorised this time
  const authorised = server.requests.filter((r) => r.path === '/api/queue/authorize');
  expect(authorised.map((r) => parseAuthMessage((r.body as { message: string }).message).queueId)).toEqual([
    'queue-1234',
  ]);
  // Once authorised it is never reused: the next run creates a queue of its own.
  store = storeWith({ signMessage });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.status === 'complete');
  expect(creates()).toBe(2);
  // Only for the same owner and cNFTs, and well inside the server's 10 minutes.
  const ids = assets.map((a) => a.assetId);
  unauthorisedQueue.created(owner.publicKey.toBase58(), ids, 'queue-5678', 0);
  expect(unauthorisedQueue.reusable(owner.publicKey.toBase58(), ids, REUSE_WITHIN_MS)).toBe('queue-5678');
  expect(unauthorisedQueue.reusable(owner.publicKey.toBase58(), ids, REUSE_WITHIN_MS + 1)).toBeNull();
  expect(unauthorisedQueue.reusable(owner.publicKey.toBase58(), ids.slice(1), 0)).toBeNull();
});

it('cancel while the wallet is signing: nothing is authorised afterwards (and nothing to cancel on the server)', async () => {
  script([status(0, false)]);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const store = storeWith({ signMessage: async (m) => (await held, signMessage(m)) });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.queueId !== null);
  await until(() => server.requests.some((r) => r.path === '/api/auth/nonce'));
  store.dispatch(queueCancelRequested());
  release();
  await listenersIdle(store);
  // The server never runs a queue its owner did not authorise: no authorise, no status, no cancel needed.
  expect(server.requests.filter((r) => /\/api\/queue\/(authorize|status|cancel)/.test(r.path))).toHaveLength(0);
  expect(store.getState().queue.status).toBe('initial');
});

it('cancel while the authorisation is on its way: the queue is cancelled on the server with the owner token', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  script([status(0, false)]);
  const store = storeWith({ signMessage: async (m) => (await held, signMessage(m)) });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => server.requests.some((r) => r.path === '/api/auth/nonce'));
  release();
  await until(() => server.requests.some((r) => r.path === '/api/queue/authorize'));
  store.dispatch(queueCancelRequested()); // the authorise answer has not been read yet
  await until(() => server.requests.some((r) => r.path === '/api/queue/cancel/queue-1234'));
  const cancel = server.requests.find((r) => r.path === '/api/queue/cancel/queue-1234')!;
  expect(cancel.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(store.getState().queue.status).toBe('initial');
});

it('a wallet without signMessage (PRODUCT difference 11) authorises with a never-sent memo transaction carrying the same text', async () => {
  script([status(2, true)]);
  const signed: Transaction[] = [];
  const store = storeWith({
    signTransaction: async <T>(tx: T) => {
      (tx as Transaction).partialSign(owner);
      signed.push(tx as Transaction);
      return tx;
    },
  });
  store.dispatch(queueStartRequested({ assets }));
  await until(() => store.getState().queue.status === 'complete', 15_000);
  const auth = server.requests.find((r) => r.path === '/api/queue/authorize')!.body as any;
  expect(auth.signature).toBeUndefined();
  const memo = Transaction.from(Buffer.from(auth.signedTransaction, 'base64'));
  expect(memo.instructions).toHaveLength(1);
  expect(Buffer.from(memo.instructions[0].data).toString('utf8')).toBe(auth.message);
  expect(memo.feePayer!.toBase58()).toBe(owner.publicKey.toBase58());
  expect(memo.verifySignatures()).toBe(true);
  expect(parseAuthMessage(auth.message)).toMatchObject({ action: 'queue-authorize', queueId: 'queue-1234' });
  // The memo transaction was signed, never sent: no sendTransaction went anywhere (no /api/rpc call at all).
  expect(server.requests.filter((r) => r.path === '/api/rpc')).toHaveLength(0);
}, 20_000);
