// README, several server processes on one Redis: what two server processes on one Redis share besides the queue — one-use nonces (Services.nonces), the
// rate limits (with weighing: N points for one request) and the sharing of identical GET requests (which also
// ignores cache-busting query parameters). Two apps, each with its own Redis connections, stand for two processes
// (the queue and the limits over HTTP between real processes: multiProcess.test.ts).
import http from 'http';
import type { IncomingMessage } from 'http';
import Koa from 'koa';
import { coalesceGets } from '../../backend/middleware/coalesce';
import { errorHandler } from '../../backend/middleware/errorHandler';
import { nodeHandler } from '../../backend/nodeHandler';
import { createSharedAnswers, type SharedAnswers } from '../../backend/services/sharedAnswers';
import { describeWithRedis, startRedis, type TestRedis } from '../support/redisServer';
import { startServer, type TestServer } from './helpers';

const TOO_MANY = { success: false, error: 'Too many requests. Please wait a moment and try again.' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A tiny Koa app whose GET work is counted and slow enough for requests to overlap. */
function countingApp(shared: SharedAnswers | undefined, runs: { n: number }) {
  const app = new Koa();
  app.use(errorHandler());
  app.use(coalesceGets(shared));
  app.use(async (ctx) => {
    runs.n++;
    await sleep(300);
    if (ctx.path === '/api/fail') throw Object.assign(new Error('Nothing here'), { status: 404, expose: true });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, run: runs.n, path: ctx.path };
  });
  const server = http.createServer(nodeHandler(app)).listen(0);
  return { base: `http://localhost:${(server.address() as { port: number }).port}`, close: () => server.close() };
}

describe('GET sharing ignores cache busters (one process, no Redis)', () => {
  it('?t= and ?_= variants of one request share one answer; other parameters do not', async () => {
    const runs = { n: 0 };
    const app = countingApp(undefined, runs);
    try {
      const urls = Array.from({ length: 6 }, (_, i) => `${app.base}/api/w/1?${i % 2 ? `t=${i}` : `_=${i}`}`);
      const answers = await Promise.all(urls.map((u) => fetch(u).then((r) => r.json())));
      expect(runs.n).toBe(1);
      expect(new Set(answers.map((a) => a.run))).toEqual(new Set([1]));
      await Promise.all([fetch(`${app.base}/api/w/1?page=1`), fetch(`${app.base}/api/w/1?page=2`)]);
      expect(runs.n).toBe(3);
    } finally {
      app.close();
    }
  });
});

describe('REDIS_URL setting', () => {
  it('accepts redis:// and rediss:// URLs, refuses others, and an unreachable Redis stops start-up with a clear error', async () => {
    const { loadConfig } = await import('../../backend/config');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6390/2' }).redisUrl).toBe('redis://127.0.0.1:6390/2');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6390' })).toThrow(/REDIS_URL/);
    const { freePort } = await import('../support/redisServer');
    await expect(startServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })).rejects.toThrow(
      /REDIS_URL: cannot reach Redis/,
    );
  });
});

describe('weighing without Redis (one process)', () => {
  it('a request of N points takes the steady share then the burst; a refused one spends nothing', async () => {
    const { perMinuteAllowance } = await import('../../backend/services/rateLimiters');
    const allowance = perMinuteAllowance('weigh-test', 5);
    expect(await allowance.consume('c1', 3)).toBe(0);
    expect(await allowance.consume('c1', 3)).toBeGreaterThan(0); // 2 left: refused whole
    expect(await allowance.consume('c1', 2)).toBe(0); // ...and the refusal took none of them
    expect(await allowance.consume('c1', 1)).toBeGreaterThan(0);
    expect(await allowance.consume('c2', 6)).toBeGreaterThan(0); // more than a minute's allowance: never
    expect(await allowance.consume('c2', 5)).toBe(0);
  });
});

describeWithRedis('shared through Redis by two apps', () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = await startRedis();
    // The test's requests come through a proxy on this machine, whose X-Forwarded-For the servers are told to read.
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '127.0.0.1' };
    [a, b] = [await startServer(env), await startServer(env)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('a nonce issued and consumed through A is refused through B, and the other way round', async () => {
    const [na, nb] = [a.solback.services.nonces, b.solback.services.nonces];
    const first = await na.issue(60_000);
    expect(await na.consume(first)).toBe(true);
    expect(await nb.consume(first)).toBe(false);
    const second = await na.issue(60_000);
    expect(await nb.consume(second)).toBe(true);
    expect(await na.consume(second)).toBe(false);
    // Twenty concurrent attempts through both: exactly one wins.
    const raced = await na.issue(60_000);
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? na : nb).consume(raced)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    // Expired, unknown and malformed nonces are refused.
    const short = await na.issue(150);
    await sleep(300);
    expect(await nb.consume(short)).toBe(false);
    expect(await nb.consume('0'.repeat(32))).toBe(false);
    expect(await nb.consume('not a nonce!')).toBe(false);
  });

  it('weighs one request as N points, shared across both apps, and the middleware sees it', async () => {
    const [la, lb] = [a.solback.services.limits, b.solback.services.limits];
    expect(await la.consume('203.0.113.77', 'api', 3)).toBe(0);
    expect(await lb.consume('203.0.113.77', 'api', 2)).toBe(0);
    const wait = await la.consume('203.0.113.77', 'api', 1);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The operator (no client address) and a limit that is off are never counted.
    expect(await la.consume(null, 'api', 1000)).toBe(0);
    // A websocket upgrade through a proxy on this machine: counted against the address the proxy appended.
    const upgrade = {
      headers: { 'x-forwarded-for': '203.0.113.78' },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    expect(await la.chargeRequest(upgrade, 'api', 5)).toBe(0);
    expect(await lb.chargeRequest(upgrade, 'api', 1)).toBeGreaterThan(0);
    const refused = await fetch(`${b.url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.78' } });
    expect([refused.status, await refused.json()]).toEqual([429, TOO_MANY]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('identical GETs to two processes run once (cache busters ignored); a later one runs again; errors are shared', async () => {
    const runs = { n: 0 };
    const [sa, sb] = [await createSharedAnswers(redis.client()), await createSharedAnswers(redis.client())];
    const [pa, pb] = [countingApp(sa, runs), countingApp(sb, runs)];
    try {
      const urls = Array.from({ length: 10 }, (_, i) => `${i % 2 ? pb.base : pa.base}/api/w/shared?t=${i}`);
      const answers = await Promise.all(
        urls.map((u) => fetch(u).then(async (r) => [r.status, r.headers.get('cache-control'), await r.json()])),
      );
      expect(runs.n).toBe(1);
      for (const [status, cacheControl, body] of answers)
        expect([status, cacheControl, body]).toEqual([
          200,
          'no-store',
          { success: true, run: 1, path: '/api/w/shared' },
        ]);
      await fetch(`${pb.base}/api/w/shared`);
      expect(runs.n).toBe(2); // nothing is kept once answered
      const failed = await Promise.all(
        [pa, pb, pa, pb].map((p) => fetch(`${p.base}/api/fail`).then(async (r) => [r.status, await r.json()])),
      );
      expect(runs.n).toBe(3);
      expect(failed).toEqual(Array(4).fill([404, { success: false, error: 'Not found' }]));
    } finally {
      pa.close();
      pb.close();
      await sa.close();
      await sb.close();
    }
  });
});
