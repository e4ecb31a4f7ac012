// Every call of docs/PRODUCT.md#server-calls has an RTK Query endpoint, and calling it hits that method and path (a real HTTP server).
import { configureStore } from '@reduxjs/toolkit';
import { baseApi, setApiOrigin, setRetryDelayScale } from '../../../src/api/baseApi';
import '../../../src/api/endpoints';
import type { RecordingServer } from '../../support/recordingServer';
import { startRecordingServer } from '../../support/recordingServer';

const W = 'Wa11et1111111111111111111111111111111111111';
const M = 'M1nt11111111111111111111111111111111111111111';
const A = 'Asset1111111111111111111111111111111111111111';
const Q = 'queue-1';

// [endpoint name, argument, method, path] — the list of docs/PRODUCT.md#server-calls (+ README, settings local funding; the signed
// authorisations' nonce, PRODUCT difference 11).
const SPEC_CALLS: [string, unknown, 'GET' | 'POST', string][] = [
  ['getConfig', undefined, 'GET', '/api/config'],
  ['getRentEstimate', W, 'GET', `/api/rent-estimate/${W}`],
  ['getVacantAccounts', { ownerAddress: W, signedMessage: 'simulated-signature' }, 'POST', '/api/burn-vacant-accounts'],
  ['prepareBurnTransactions', { ownerAddress: W, vacantAccounts: [A] }, 'POST', '/api/prepare-burn-transactions'],
  ['submitBurnTransaction', { signedTransaction: 'AQ==', accountCount: 1 }, 'POST', '/api/submit-burn-transaction'],
  ['getWalletTokens', W, 'GET', `/api/wallet-tokens/${W}`],
  ['getTokenMetadata', M, 'GET', `/api/token-metadata/${M}`],
  ['getWalletNfts', W, 'GET', `/api/helius/wallet/nfts/${W}`],
  ['getWalletAssets', W, 'GET', `/api/helius/assets/${W}`],
  ['getWalletCnfts', W, 'GET', `/api/helius/cnfts/${W}`],
  ['batchBurnNft', { nfts: [{ mint: M, tokenAccount: A, name: 'n' }], owner: W }, 'POST', '/api/batch-burn-nft'],
  ['getAssetProof', A, 'GET', `/api/helius/asset-proof/${A}`],
  ['getAsset', A, 'GET', `/api/helius/asset/${A}`],
  ['getAssetDiagnostic', A, 'GET', `/api/asset/diagnostic/${A}`],
  ['cnftBurnRequest', { assetId: A, ownerAddress: W, signedMessage: 'c2ln' }, 'POST', '/api/cnft/burn-request'],
  ['cnftDelegate', { ownerAddress: W, assetId: A, delegatePublicKey: M }, 'POST', '/api/cnft/delegate'],
  ['robustTransfer', { assetId: A, destinationAddress: M, signedTransaction: 'AQ==' }, 'POST', '/api/robust-transfer'],
  ['burnCnft', { assetId: A, cachedProofData: null }, 'POST', `/api/burn-cnft/${A}`],
  ['createQueue', { ownerAddress: W, assets: [{ assetId: A, name: 'a', image: null }] }, 'POST', '/api/queue/create'],
  ['authorizeQueue', { queueId: Q, ownerAddress: W, signature: 'c2ln' }, 'POST', '/api/queue/authorize'],
  ['getQueueStatus', Q, 'GET', `/api/queue/status/${Q}`],
  ['cancelQueue', { queueId: Q, ownerAddress: W }, 'POST', `/api/queue/cancel/${Q}`],
  ['getDelegateInfo', A, 'GET', `/api/delegate/info/${A}`],
  ['getDelegateProof', A, 'GET', `/api/delegate/proof/${A}`],
  [
    'delegatedTransfer',
    { sender: W, assetId: A, signedMessage: 'c2ln', proofData: null },
    'POST',
    '/api/delegated-transfer',
  ],
  ['fundLocalWallet', { owner: W }, 'POST', '/api/localnet/fund'],
  ['getAuthNonce', undefined, 'GET', '/api/auth/nonce'],
];

type AnyEndpoint = { initiate: (arg: unknown, opts?: unknown) => any };
const endpoint = (name: string) => (baseApi.endpoints as unknown as Record<string, AnyEndpoint>)[name];

const newStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (gDM) => gDM().concat(baseApi.middleware),
  });

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(async () => {
  setApiOrigin('');
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => undefined);
  setRetryDelayScale(1);
});

describe('every docs/PRODUCT.md#server-calls call has an endpoint', () => {
  test.each(SPEC_CALLS.map(([n, arg, m, p]) => [n, m, p, arg] as const))(
    '%s → %s %s',
    async (name, method, path, arg) => {
      expect(endpoint(name)).toBeDefined();
      const store = newStore();
      const result = await store.dispatch(endpoint(name).initiate(arg));
      expect(result.error).toBeUndefined();
      expect(result.data).toEqual({ success: true });
      expect(server.requests).toHaveLength(1);
      const [req] = server.requests;
      expect(req.method).toBe(method);
      expect(req.path).toBe(path);
      if (method === 'POST' && typeof arg === 'object' && arg) {
        const sent = req.body as Record<string, unknown>;
        // Path parameters travel in the path, the rest in the JSON body.
        for (const [k, v] of Object.entries(arg)) {
          if (path.endsWith(`/${String(v)}`)) continue;
          expect(sent[k]).toEqual(v);
        }
      }
    },
  );

  test('the list covers every injected endpoint', () => {
    expect(Object.keys(baseApi.endpoints).sort()).toEqual(SPEC_CALLS.map(([n]) => n).sort());
  });
});

describe('spec details of the calls', () => {
  test('rent estimate asks for the accurate calculator', async () => {
    await newStore().dispatch(endpoint('getRentEstimate').initiate(W));
    expect(server.requests[0].query.get('useAccurateCalculator')).toBe('true');
  });

  test('asset proof is cache-busted: timestamp query and no-cache headers, refetched every time', async () => {
    const store = newStore();
    await store.dispatch(endpoint('getAssetProof').initiate(A));
    await store.dispatch(endpoint('getAssetProof').initiate(A));
    expect(server.requests).toHaveLength(2);
    expect(Number(server.requests[0].query.get('t'))).toBeGreaterThan(1_600_000_000_000);
    expect(server.requests[0].headers['cache-control']).toBe('no-cache');
    expect(server.requests[0].headers.pragma).toBe('no-cache');
  });

  test('token metadata retries up to 3 times on 429, then gives up', async () => {
    setRetryDelayScale(0.001);
    server.respond(() => ({ status: 429, body: { success: false, error: 'Too many requests' } }));
    const result = await newStore().dispatch(endpoint('getTokenMetadata').initiate(M));
    expect(server.requests).toHaveLength(4);
    expect(result.error).toMatchObject({ status: 429 });
  });

  test('token metadata succeeds after a 429', async () => {
    setRetryDelayScale(0.001);
    server.respond(() =>
      server.requests.length < 2 ? { status: 429 } : { body: { success: true, data: { name: 'X' } } },
    );
    const result = await newStore().dispatch(endpoint('getTokenMetadata').initiate(M));
    expect(server.requests).toHaveLength(2);
    expect(result.data).toEqual({ success: true, data: { name: 'X' } });
  });

  test('token metadata does not retry other errors', async () => {
    server.respond(() => ({ status: 500, body: { success: false, error: 'boom' } }));
    await newStore().dispatch(endpoint('getTokenMetadata').initiate(M));
    expect(server.requests).toHaveLength(1);
  });

  test('delegated transfer retries transient failures twice, not input errors', async () => {
    setRetryDelayScale(0.001);
    server.respond(() => ({ status: 503, body: { success: false, error: 'busy' } }));
    const body = { sender: W, assetId: A, signedMessage: 'c2ln', proofData: null };
    const failed = await newStore().dispatch(endpoint('delegatedTransfer').initiate(body));
    expect(server.requests).toHaveLength(3);
    expect(failed.error).toMatchObject({ status: 503, data: { error: 'busy' } });

    server.requests.length = 0;
    server.respond(() => ({ status: 400, body: { success: false, error: 'bad signature' } }));
    await newStore().dispatch(endpoint('delegatedTransfer').initiate(body));
    expect(server.requests).toHaveLength(1);
  });
});

describe('time-outs', () => {
  afterEach(() => jest.useRealTimers());

  test.each([
    ['getRentEstimate', W, 15_000, 1],
    ['getTokenMetadata', M, 10_000, 1],
    ['getAssetProof', A, 20_000, 1],
    ['delegatedTransfer', { sender: W, assetId: A, signedMessage: 's', proofData: null }, 30_000, 3],
  ])('%s gives up after its time-out', async (name, arg, ms, attempts) => {
    server.respond(() => ({ hang: true }));
    const realSetTimeout = globalThis.setTimeout;
    const settle = () => new Promise((r) => realSetTimeout(r, 5));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'performance', 'Date'] });
    const pending = newStore().dispatch(endpoint(name).initiate(arg));
    while (server.requests.length === 0) await settle();
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(ms - 100);
    expect(settled).toBe(false);
    expect(server.requests).toHaveLength(1);
    // Time-out, then (delegated transfer only) the back-off waits and the retries, each timing out again.
    for (let i = 0; i < 200 && !settled; i++) {
      await jest.advanceTimersByTimeAsync(1000);
      await settle();
    }
    const result = await pending;
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(server.requests).toHaveLength(attempts);
  });
});
