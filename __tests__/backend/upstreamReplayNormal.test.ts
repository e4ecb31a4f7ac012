// The recorded answers through the real server (upstream mode): listings as wallets show them, and /api/rpc when the
// provider refuses batches or fails for one part of a mixed batch.
import { startServer, type TestServer } from './helpers';
import { startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';

const OWNER = 'A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd';
const XSTOCK_OWNER = 'Eh5q92xtwYp9mcczwxKsi53PQScoBdY1mmxUVd7Mtixj';
const DAS_OWNER = 'GqPnSDXwp4JFtKS7YZ2HERgBbYLKpKVYy9TpVunzLRa9';
const MAD_LAD = 'AH6wj7T8Ke5nbukjtcobjjs1CDWUcQxndtnLkKAdrSrM';

describe('recorded answers through the server', () => {
  let rpc: ReplayUpstream;
  let das: ReplayUpstream;
  let s: TestServer;
  beforeAll(async () => {
    rpc = await startReplayUpstream();
    das = await startReplayUpstream();
    s = await startServer(
      { SOLANA_RPC_URL: rpc.url, DAS_URL: das.url, UPSTREAM_TIMEOUT_MS: '2000' },
      { overrides: { upstreamRetryBaseMs: 5 } },
    );
  });
  afterAll(async () => {
    await s.close();
    await rpc.close();
    await das.close();
  });
  beforeEach(() => {
    rpc.mode = 'normal';
    das.mode = 'normal';
  });

  it('lists tokens with the amount wallets show (SPL and Token-2022)', async () => {
    const a = await s.get(`/api/wallet-tokens/${OWNER}`);
    expect(a.status).toBe(200);
    expect(a.json.tokens).toEqual([
      {
        mint: '2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR',
        amount: '420000000000000',
        decimals: 6,
        uiAmountString: '420000000',
        tokenAccount: 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        lamports: 2039280, // the recorded account's lamports (PRODUCT difference 14: what closing returns)
      },
    ]);
    const b = await s.get(`/api/wallet-tokens/${XSTOCK_OWNER}`);
    expect(b.json.tokens.map((t: any) => [t.mint, t.amount, t.uiAmountString, t.programId])).toEqual([
      [
        'XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB',
        '100195',
        '0.00100195',
        'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      ],
    ]);
  });

  it('lists NFTs from the recorded DAS page: fungibles (USDT as Custom included) left out, collection by address', async () => {
    const r = await s.get(`/api/helius/wallet/nfts/${DAS_OWNER}`);
    expect(r.status).toBe(200);
    expect(r.json.truncated).toBeUndefined();
    expect(r.json.data.compressedNfts).toEqual([]);
    expect(r.json.data.regularNfts).toEqual([
      expect.objectContaining({
        mint: 'Ff3Ci7EnM6KUdNDtzZvCjC5APgz1ajYW2Pt2BfT6Wftq',
        name: 'Mad Lads #5081',
        image: null,
        collection: null,
        collectionAddress: 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w',
        tokenAddress: 'FQ3ePUyLt2UvuQCw2nBKG8LGLvXHAZPzpdD6QQAAv9pW',
      }),
    ]);
    expect(das.seen.filter((q) => q.method === 'getAssetsByOwner').at(-1)!.params.displayOptions).toEqual({
      showCollectionMetadata: true,
    });
  });

  it('answers /api/helius/asset with the same collection fields as the listings', async () => {
    const r = await s.get(`/api/helius/asset/${MAD_LAD}`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      id: MAD_LAD,
      name: 'Mad Lads #1983',
      collection: 'Mad Lads',
      collectionAddress: 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w',
      image: 'https://madlads-collection.s3.us-west-2.amazonaws.com/_collection.png',
    });
  });

  it("answers the indexer's own words about an asset (404), and its internal error as its failure (502, not 400)", async () => {
    const missing = await s.get('/api/helius/asset/So11111111111111111111111111111111111111112');
    expect([missing.status, missing.json]).toEqual([404, { success: false, error: 'Asset not found' }]);
    const original = das.answers.getAsset;
    das.answers.getAsset = () => ({ __error: { code: -32603, message: 'Internal error' } });
    try {
      const broken = await s.get(`/api/helius/asset/${MAD_LAD}`);
      expect([broken.status, broken.json]).toEqual([
        502,
        { success: false, error: 'Asset service temporarily unavailable' },
      ]);
    } finally {
      das.answers.getAsset = original;
    }
  });

  it('splits a batch the provider refuses into single requests and keeps the order', async () => {
    rpc.mode = 'batchRefused';
    const before = rpc.seen.length;
    const r = await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 'x', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'y', method: 'getMinimumBalanceForRentExemption', params: [165] },
    ]);
    expect(r.status).toBe(200);
    expect(r.json).toEqual([
      { jsonrpc: '2.0', id: 'x', result: 341197933 },
      { jsonrpc: '2.0', id: 'y', result: 2039280 },
    ]);
    expect(rpc.seen.slice(before).map((q) => q.method)).toEqual(['getSlot', 'getMinimumBalanceForRentExemption']);
    // Remembered: the next batch goes out as single requests at once (no refused batch first).
    const batches = rpc.batchesSeen;
    await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'getSlot' },
    ]);
    expect(rpc.batchesSeen).toBe(batches);
  });

  it('answers a mixed batch whose DAS part fails with JSON-RPC errors for that part only', async () => {
    das.mode = 'auth32001';
    const r = await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'getAsset', params: { id: MAD_LAD } },
    ]);
    expect(r.status).toBe(200);
    expect(r.json[0]).toEqual({ jsonrpc: '2.0', id: 1, result: 341197933 });
    expect(r.json[1]).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32001 } });
    das.mode = 'down';
    const down = await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'getAsset', params: { id: MAD_LAD } },
    ]);
    expect(down.json[0].result).toBe(341197933);
    expect(down.json[1]).toMatchObject({ id: 2, error: { code: -32000 } });
    expect(down.text).not.toContain('REPLAY');
  });

  it("forwards a provider's refusal of a single call as a JSON-RPC error with a fitting status", async () => {
    rpc.mode = 'rateLimitJson';
    const limited = await s.post('/api/rpc', { jsonrpc: '2.0', id: 7, method: 'getSlot' });
    expect(limited.json).toMatchObject({ id: 7, error: { code: 429 } }); // passed through after the retries
    rpc.mode = 'down';
    const down = await s.post('/api/rpc', { jsonrpc: '2.0', id: 8, method: 'getSlot' });
    expect([down.status, down.json]).toEqual([
      503,
      { jsonrpc: '2.0', id: 8, error: { code: -32000, message: 'RPC endpoint temporarily unavailable' } },
    ]);
    rpc.mode = 'slow';
    rpc.slowMs = 3000;
    const slow = await s.post('/api/rpc', { jsonrpc: '2.0', id: 9, method: 'getSlot' });
    expect([slow.status, slow.json.error.message]).toEqual([504, 'RPC endpoint timed out']);
  });
});
