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
import { NONCES_PER_CLIENT, type NonceIssue, type NonceStore } from '../../backend/services/auth/nonceStore';
import { PREFIX_SHARES } from '../../backend/services/limits/prefixAllowance';
import { createSharedAnswers, type SharedAnswers } from '../../backend/services/shared/sharedAnswers';
import { describeWithRedis, startRedis, type TestRedis } from '../support/redisServer';
import { startServer, type TestServer } from './helpers';
import { RATE_LIMITED } from '../../src/common/texts';

const TOO_MANY = { success: false, error: RATE_LIMITED };
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
    const { perMinuteAllowance } = await import('../../backend/services/limits/rateLimiters');
    const allowance = perMinuteAllowance('weigh-test', 5);
    expect(await allowance.consume('c1', 3)).toBe(0);
    expect(await allowance.consume('c1', 3)).toBeGreaterThan(0); // 2 left: refused whole
    expect(await allowance.consume('c1', 2)).toBe(0); // ...and the refusal took none of them
    expect(await allowance.consume('c1', 1)).toBeGreaterThan(0);
    expect(await allowance.consume('c2', 6)).toBeGreaterThan(0); // more than a minute's allowance: never
    expect(await allowance.consume('c2', 5)).toBe(0);
  });
});

/** The nonce of an issue that must succeed. */
async function nonceOf(issued: Promise<NonceIssue>): Promise<string> {
  const answer = await issued;
  if (!('nonce' in answer)) throw new Error(`nonce refused: ${JSON.stringify(answer)}`);
  return answer.nonce;
}

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
    const issue = (store: NonceStore, ttlMs: number) => nonceOf(store.issue(ttlMs, '203.0.113.50'));
    const first = await issue(na, 60_000);
    expect(await na.consume(first)).toBe(true);
    expect(await nb.consume(first)).toBe(false);
    const second = await issue(na, 60_000);
    expect(await nb.consume(second)).toBe(true);
    expect(await na.consume(second)).toBe(false);
    // Twenty concurrent attempts through both: exactly one wins.
    const raced = await issue(na, 60_000);
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? na : nb).consume(raced)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    // Expired, unknown and malformed nonces are refused.
    const short = await issue(na, 150);
    await sleep(300);
    expect(await nb.consume(short)).toBe(false);
    expect(await nb.consume('0'.repeat(32))).toBe(false);
    expect(await nb.consume('not a nonce!')).toBe(false);
  });

  it('300 /64s of one /48 hold 4 clients’ worth of nonces across both apps; another network is unaffected', async () => {
    const [na, nb] = [a.solback.services.nonces, b.solback.services.nonces];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (i % 2 ? na : nb).issue(60_000, `2001:db8:4a:${(((i % 256) << 8) | (i >> 8)).toString(16)}::/64`),
      ),
    );
    const issued = answers.filter((x): x is { nonce: string } => 'nonce' in x);
    expect(issued).toHaveLength(NONCES_PER_CLIENT * PREFIX_SHARES.v6_48);
    expect(await na.issue(60_000, '2001:db8:4b:1::/64')).toHaveProperty('nonce');
    expect(await nb.consume(issued[0].nonce)).toBe(true); // used: its place in every prefix is free again
    expect(await na.issue(60_000, '2001:db8:4a:7::/64')).toHaveProperty('nonce');
  });

  it('a client holds at most AUTH_NONCES_PER_CLIENT unused nonces across both apps; a used one frees a place', async () => {
    const [na, nb] = [a.solback.services.nonces, b.solback.services.nonces];
    const client = '2001:db8:7:7::/64';
    const held = await Promise.all(
      Array.from({ length: NONCES_PER_CLIENT }, (_, i) => nonceOf((i % 2 ? na : nb).issue(60_000, client))),
    );
    expect(new Set(held).size).toBe(NONCES_PER_CLIENT);
    const refused = await nb.issue(60_000, client);
    expect(refused).toMatchObject({ refused: 'client' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(59_000);
    expect(await na.issue(60_000, '203.0.113.51')).toHaveProperty('nonce'); // another client is unaffected
    expect(await na.consume(held[0])).toBe(true);
    expect(await nb.issue(60_000, client)).toHaveProperty('nonce');
    // The earlier ones are all still good: none was dropped to make room.
    expect(await Promise.all(held.slice(1).map((n, i) => (i % 2 ? na : nb).consume(n)))).toEqual(
      Array(NONCES_PER_CLIENT - 1).fill(true),
    );
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
