// GET /healthz and /readyz over real HTTP (docs/OPERATIONS.md): a process in upstream mode against the recorded
// upstream stand-in, with Redis. Ready while both answer; 503 with a reason once the stand-in is gone, once Redis is
// gone, and from the first moment of a drain (while a request is still in flight, which then finishes with 200).
// Probes never spend a client's allowance and never reach the request log at info.
import { until } from '../support/until';
import { startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';
import { describeWithRedis, startRedis, type TestRedis } from '../support/redisServer';
import { startServer, type TestServer } from './helpers';

jest.setTimeout(60_000);

describeWithRedis('health and readiness', () => {
  let upstream: ReplayUpstream;
  let redis: TestRedis;
  let server: TestServer;
  const logged: string[] = [];

  beforeAll(async () => {
    upstream = await startReplayUpstream();
    redis = await startRedis();
    server = await startServer(
      {
        SOLANA_RPC_URL: upstream.url,
        DAS_URL: upstream.url,
        REDIS_URL: redis.url,
        RATE_LIMIT_PER_MINUTE: '2',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
      },
      // readyFreshMs 0: every /readyz asks the providers, so a stopped stand-in shows at the next probe.
      { overrides: { readyFreshMs: 0 } },
    );
    // The request log at info, as an operator runs it: the logger the request log writes to is watched.
    jest.spyOn(server.solback.services.logger, 'info').mockImplementation((...args: unknown[]) => {
      logged.push(JSON.stringify(args[0]));
    });
  });
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
    await redis?.stop();
  });

  const fromClient = (path: string) => fetch(server.url + path, { headers: { 'x-forwarded-for': '203.0.113.7' } });

  it('/healthz is 200 and never asks the upstream', async () => {
    const before = upstream.seen.length;
    const res = await server.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(upstream.seen.length).toBe(before);
  });

  it('/readyz is 200 while the providers and Redis answer; probes are neither limited nor logged at info', async () => {
    const res = await server.get('/readyz');
    expect(res.json).toEqual({ status: 'ready' });
    expect(res.status).toBe(200);
    expect(upstream.seen.map((r) => r.method)).toEqual(expect.arrayContaining(['getHealth', 'getAsset']));
    // A client with an allowance of 2 per minute probes 10 times: never a 429.
    for (let i = 0; i < 5; i++) {
      expect((await fromClient('/healthz')).status).toBe(200);
      expect((await fromClient('/readyz')).status).toBe(200);
    }
    expect((await fromClient('/api/config')).status).toBe(200);
    expect((await fromClient('/api/config')).status).toBe(200);
    expect((await fromClient('/api/config')).status).toBe(429); // the allowance is real
    expect(logged.some((l) => l.includes('"url":"/api/config"'))).toBe(true); // the log at info is watched
    expect(logged.filter((l) => /healthz|readyz/.test(l))).toEqual([]);
  });

  it('/readyz is 503 with a reason while the provider is down, and 200 again when it is back', async () => {
    upstream.mode = 'down';
    const down = await server.get('/readyz');
    expect(down.status).toBe(503);
    expect(down.json).toEqual({ status: 'not ready', reason: expect.stringMatching(/^Solana RPC provider: /) });
    expect(down.json.reason).toContain('DAS provider');
    upstream.mode = 'nodeUnhealthy'; // -32005: the node is behind
    expect((await server.get('/readyz')).json.reason).toContain('Solana RPC provider: unhealthy');
    upstream.mode = 'normal';
    expect((await server.get('/readyz')).status).toBe(200);
  });

  it('/readyz is 503 when Redis is stopped', async () => {
    await redis.stop();
    await until(async () => (await server.get('/readyz')).status === 503, 10_000, 'readyz 503');
    const res = await server.get('/readyz');
    expect(res.json).toEqual({ status: 'not ready', reason: 'Redis unreachable' });
    expect((await server.get('/healthz')).status).toBe(200);
  });

  it('/readyz is 503 when the upstream stand-in is stopped', async () => {
    const seen = upstream.seen.length;
    await upstream.close();
    const res = await server.get('/readyz');
    expect(res.status).toBe(503);
    expect(res.json.reason).toMatch(/^Solana RPC provider: unreachable; DAS provider: unreachable; Redis unreachable$/);
    expect(upstream.seen.length).toBe(seen);
    expect((await server.get('/healthz')).status).toBe(200); // alive all the same
  });
});

describe('readiness while draining', () => {
  it('/readyz turns 503 at once; the request in flight still finishes with 200', async () => {
    const upstream = await startReplayUpstream();
    const server = await startServer({ SOLANA_RPC_URL: upstream.url, DAS_URL: upstream.url });
    try {
      expect((await server.get('/readyz')).status).toBe(200);
      upstream.mode = 'slow'; // the next answers take upstream.slowMs (2 s)
      const inFlight = server.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getSlot' });
      await until(() => server.solback.requestsInFlight() === 1, 10_000, { what: 'a request in flight', every: 10 });
      const drained = server.solback.drain(10_000);
      const res = await server.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ status: 'not ready', reason: 'draining' });
      expect(res.headers.get('connection')).toBe('close');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ jsonrpc: '2.0', id: 1 });
      expect(await drained).toBe(true); // nothing had to be cut
      await expect(fetch(server.url + '/healthz')).rejects.toThrow(); // the port is closed afterwards
    } finally {
      await server.close();
      await upstream.close();
    }
  });
});
