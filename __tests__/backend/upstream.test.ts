import http from 'http';
import type { AddressInfo } from 'net';
import { Keypair } from '@solana/web3.js';
import WebSocket, { WebSocketServer } from 'ws';
import { startServer, type TestServer } from './helpers';

/** A stand-in for a remote RPC (HTTP + websocket) or DAS indexer: records requests, can answer 429 for a while. */
async function fakeUpstream(name: string) {
  const seen: { url: string; body: any }[] = [];
  let rateLimitNext = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ url: req.url!, body });
      if (rateLimitNext > 0) {
        rateLimitNext--;
        res.writeHead(429).end('slow down');
        return;
      }
      const answer = (r: any) => ({ jsonrpc: '2.0', id: r.id, result: { from: name, method: r.method } });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
  });
  // Websocket: answers a subscribe with a fresh subscription id, then one notification for it that echoes the request.
  const wss = new WebSocketServer({ server });
  let subscription = 1000;
  const sockets = { opened: 0 };
  wss.on('connection', (ws, req) => {
    sockets.opened++;
    ws.on('message', (m) => {
      const r = JSON.parse(String(m));
      if (!String(r.method).endsWith('Subscribe'))
        return ws.send(JSON.stringify({ jsonrpc: '2.0', id: r.id, result: true }));
      const sub = subscription++;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: r.id, result: sub }));
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'signatureNotification',
          params: { subscription: sub, result: { echo: r, url: req.url, from: name } },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?api-key=SECRET`;
  return {
    url,
    seen,
    sockets,
    rateLimit: (n: number) => (rateLimitNext = n),
    close: () =>
      new Promise<void>((r) => {
        wss.clients.forEach((c) => c.terminate());
        wss.close();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('upstream mode proxying', () => {
  let s: TestServer;
  let rpc: Awaited<ReturnType<typeof fakeUpstream>>;
  let das: Awaited<ReturnType<typeof fakeUpstream>>;

  beforeAll(async () => {
    rpc = await fakeUpstream('rpc');
    das = await fakeUpstream('das');
    s = await startServer({ SOLANA_RPC_URL: rpc.url, DAS_URL: das.url });
  });
  afterAll(async () => {
    await s.close();
    await rpc.close();
    await das.close();
  });

  it('sends Solana methods to SOLANA_RPC_URL and DAS methods to DAS_URL', async () => {
    const one = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getSlot' });
    expect(one.json.result).toEqual({ from: 'rpc', method: 'getSlot' });
    const dasOne = await s.post('/api/rpc', {
      jsonrpc: '2.0',
      id: 2,
      method: 'getAssetsByOwner',
      params: { ownerAddress: 'x' },
    });
    expect(dasOne.json.result).toEqual({ from: 'das', method: 'getAssetsByOwner' });
    const batch = await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 'a', method: 'getAsset', params: { id: 'x' } },
      { jsonrpc: '2.0', id: 'b', method: 'getBalance', params: ['x'] },
      { jsonrpc: '2.0', id: 'c', method: 'getAssetProof', params: { id: 'x' } },
    ]);
    expect(batch.json.map((r: any) => [r.id, r.result.from])).toEqual([
      ['a', 'das'],
      ['b', 'rpc'],
      ['c', 'das'],
    ]);
    expect(rpc.seen.at(-1)!.url).toBe('/?api-key=SECRET');
  });

  it('never spends the paid upstream on scans, airdrops or ledger reads', async () => {
    const before = [rpc.seen.length, das.seen.length];
    for (const method of ['getProgramAccounts', 'requestAirdrop', 'getBlock', 'searchAssets']) {
      const res = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method, params: [] });
      expect(res.json.error.code).toBe(-32601);
    }
    expect([rpc.seen.length, das.seen.length]).toEqual(before);
  });

  it('backs off and retries when the upstream answers 429', async () => {
    rpc.rateLimit(2);
    const before = rpc.seen.length;
    const r = await s.post('/api/rpc', { jsonrpc: '2.0', id: 3, method: 'getBlockHeight' });
    expect(r.status).toBe(200);
    expect(r.json.result.method).toBe('getBlockHeight');
    expect(rpc.seen.length - before).toBe(3);
  });

  it('answers 429 once the upstream keeps rate limiting', async () => {
    rpc.rateLimit(10);
    const r = await s.post('/api/rpc', { jsonrpc: '2.0', id: 4, method: 'getSlot' });
    expect(r.status).toBe(429);
    expect(r.text).not.toContain('SECRET');
    rpc.rateLimit(0);
  });

  it('multiplexes every /api/rpc websocket over ONE upstream websocket, each client getting only its own answers', async () => {
    const before = rpc.sockets.opened;
    const client = (sig: string) =>
      new Promise<any[]>((resolve, reject) => {
        const ws = new WebSocket(`${s.url.replace('http', 'ws')}/api/rpc`);
        const got: any[] = [];
        ws.on('open', () =>
          ws.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'signatureSubscribe', params: [sig] })),
        );
        ws.on('message', (m) => {
          got.push(JSON.parse(String(m)));
          if (got.length === 2) {
            ws.close();
            resolve(got);
          }
        });
        ws.on('error', reject);
      });
    const [a, b] = await Promise.all([client('sigA'), client('sigB')]);
    expect(rpc.sockets.opened - before).toBeLessThanOrEqual(1);
    for (const [got, sig] of [
      [a, 'sigA'],
      [b, 'sigB'],
    ] as const) {
      expect(got[0]).toMatchObject({ id: 7, result: expect.any(Number) });
      expect(got[1].params.subscription).toBe(got[0].result);
      expect(got[1].params.result).toMatchObject({
        from: 'rpc',
        url: '/?api-key=SECRET',
        echo: { method: 'signatureSubscribe', params: [sig] },
      });
    }
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/api/rpc`);
    const refused = await new Promise<any>((resolve) => {
      ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getProgramAccounts', params: [] })));
      ws.on('message', (m) => resolve(JSON.parse(String(m))));
    });
    ws.close();
    expect(refused.error.code).toBe(-32601);
  });

  it('refuses websocket upgrades on other paths', async () => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/elsewhere`);
    await expect(
      new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      }),
    ).rejects.toBeTruthy();
  });

  it('walks every DAS page for the NFT listing', async () => {
    // The fake answers `result: {from, method}` (no items): the walk stops at the first short page.
    const owner = Keypair.generate().publicKey.toBase58();
    const r = await s.get(`/api/helius/cnfts/${owner}`);
    expect(r.json).toEqual({ success: true, data: [] });
    expect(das.seen.at(-1)!.body).toMatchObject({
      method: 'getAssetsByOwner',
      params: { ownerAddress: owner, page: 1 },
    });
  });
});
