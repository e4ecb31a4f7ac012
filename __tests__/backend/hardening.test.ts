// Hardening: rate limiting per client address, static serving that cannot leave its folders, body limits, security
// headers, and a tiny run of the load generator (its full run is `npm run bench`).
import http from 'http';
import { Keypair } from '@solana/web3.js';
import { runLoad } from '../../bench/load';
import { parseTrustProxy } from '../../backend/config';
import { clientAddress } from '../../backend/middleware/rateLimit';
import { nodeHandler } from '../../backend/nodeHandler';
import { startServer, type TestServer } from './helpers';
import { RATE_LIMITED } from '../../src/common/texts';

const TOO_MANY = { success: false, error: RATE_LIMITED };
const wallet = Keypair.generate().publicKey.toBase58();

describe('rate limiting per client address', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Behind one trusted proxy (TRUST_PROXY=1): this test's loopback peer plays the proxy.
    s = await startServer({ RATE_LIMIT_PER_MINUTE: '5', RPC_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => s.close());
  const from = (ip: string, p: string, init: RequestInit = {}) =>
    fetch(s.url + p, { ...init, headers: { ...(init.headers as object), 'x-forwarded-for': ip } });

  it('answers 429 JSON with Retry-After once a client used its minute, and only for that client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('203.0.113.7', '/api/config')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await from('203.0.113.7', `/api/wallet-tokens/${wallet}`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client, the page itself and static files are not affected.
    expect((await from('198.51.100.9', '/api/config')).status).toBe(200);
    expect((await from('203.0.113.7', '/static/logo.svg')).status).toBe(200);
    expect((await from('203.0.113.7', '/')).status).toBe(200);
  });

  it('counts the address the proxy appended, not a forged one on the left', async () => {
    for (let i = 0; i < 5; i++) expect((await from(`10.9.9.${i}, 192.0.2.44`, '/api/config')).status).toBe(200);
    expect((await from('10.9.9.99, 192.0.2.44', '/api/config')).status).toBe(429);
  });

  it('limits /api/rpc on its own allowance', async () => {
    const rpc = () =>
      from('192.0.2.77', '/api/rpc', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}',
      });
    expect([(await rpc()).status, (await rpc()).status, (await rpc()).status]).toEqual([200, 200, 200]);
    const r = await rpc();
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual(TOO_MANY);
    expect((await from('192.0.2.77', '/api/config')).status).toBe(200); // the /api allowance is separate
  });

  it('does not limit the operator on this machine (no forwarding header): the local demo, tests, the benchmark', async () => {
    for (let i = 0; i < 12; i++) expect((await s.get('/api/config')).status).toBe(200);
  });

  it('without TRUST_PROXY (the default) X-Forwarded-For is not read: rotating it from loopback counts as loopback', async () => {
    const plain = await startServer({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await fetch(plain.url + '/api/config', { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        expect(res.status).toBe(200); // the peer (loopback) is the client, whatever it forwards
      }
    } finally {
      await plain.close();
    }
  });

  it('refills over the minute', async () => {
    // 5 per minute = one per 12 s; checked on a fake clock rather than by waiting.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { rateLimit } = await import('../../backend/middleware/rateLimit');
      const mw = rateLimit({ perMinute: 5, rpcPerMinute: 0 });
      const ctx = () =>
        ({
          path: '/api/x',
          get: () => '',
          req: { socket: { remoteAddress: '203.0.113.1' } },
          set: () => undefined,
        }) as never;
      const hit = () =>
        mw(ctx(), async () => undefined).then(
          () => 'ok',
          (e: { status: number }) => e.status,
        );
      for (let i = 0; i < 5; i++) expect(await hit()).toBe('ok');
      expect(await hit()).toBe(429);
      jest.advanceTimersByTime(12_000);
      expect(await hit()).toBe('ok');
      expect(await hit()).toBe(429);
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts every peer by its own address whatever it forwards, unless TRUST_PROXY says otherwise', () => {
    const ctx = (peer: string, xff = '') => ({
      req: { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': xff } },
    });
    // Default (off): X-Forwarded-For is never read; a private-network peer is a client like any other.
    expect(clientAddress(ctx('203.0.113.5', '1.2.3.4'))).toBe('203.0.113.5');
    expect(clientAddress(ctx('10.0.0.7', '1.2.3.4'))).toBe('10.0.0.7');
    expect(clientAddress(ctx('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.6'))).toBeNull(); // loopback: the operator
    // One trusted hop: the entry our proxy appended counts; the client's own (leftmost) entries are forgeable.
    const oneHop = parseTrustProxy('1');
    expect(clientAddress(ctx('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.6'), oneHop)).toBe('203.0.113.6');
    expect(clientAddress(ctx('127.0.0.1', 'not-an-ip'), oneHop)).toBe('invalid-forwarded-for');
    // An address list: only those peers are proxies, read right to left.
    const listed = parseTrustProxy('10.0.0.2, 10.0.0.3');
    expect(clientAddress(ctx('10.0.0.2', '9.9.9.9, 198.51.100.4, 10.0.0.3'), listed)).toBe('198.51.100.4');
    expect(clientAddress(ctx('10.0.0.9', '198.51.100.4'), listed)).toBe('10.0.0.9');
  });
});

describe('static serving, limits and headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  const TRICKS = [
    '/static/../secret.txt',
    '/static/%2e%2e/secret.txt',
    '/static/%2E%2E/secret.txt',
    '/static/..%2fsecret.txt',
    '/static/..%2Fsecret.txt',
    '/static/%2e%2e%2fsecret.txt',
    '/static/dist/../../secret.txt',
    '/static/dist/%2e%2e/%2e%2e/secret.txt',
    '/static/..%5csecret.txt',
    '/static/..\\secret.txt',
    '/static/%252e%252e/secret.txt',
    '/static/....//secret.txt',
    '/static/logo.svg%00.js',
    '/static/%00',
    '/static/logo.svg%00',
    '/static//etc/passwd',
    '/static/%2fetc%2fpasswd',
    '/static/dist/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '/static/%c0%ae%c0%ae/secret.txt',
    '/static/.%2e/secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/static/dist/..',
    '/static/.',
    '/static/dist/.%2e',
    '/static/%ff',
    '/static/' + 'a/'.repeat(500) + 'x.js',
    '/static/%E2%80%A5/secret.txt',
    '/static/~/secret.txt',
    '/static/.env',
  ];

  it(`keeps ${TRICKS.length} path tricks inside static/ (encoded ../, %2e%2e, null bytes, backslashes)`, async () => {
    for (const p of TRICKS) {
      const res = await rawGet(s.url, p); // sent as written: fetch would resolve the dots itself
      if (!res) continue; // refused at the HTTP level
      const { text } = res;
      expect([p, res.status < 500]).toEqual([p, true]);
      expect(text).not.toContain('outside the static folder');
      expect(text).not.toMatch(/root:.*:0:0:|"name": "solback"/);
      if (res.status === 200) expect(text).toMatch(/<div id="root">|<svg/); // the page or the logo, nothing else
    }
  });

  it('refuses bodies over 1 MB with 413 JSON, and non-JSON bodies as missing fields', async () => {
    const big = await s.post('/api/burn-vacant-accounts', {
      ownerAddress: wallet,
      signedMessage: 'x',
      pad: 'y'.repeat(1_050_000),
    });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ success: false, error: 'Request body is too large' });
    const form = await s.post('/api/burn-vacant-accounts', `ownerAddress=${wallet}`, {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(form.json.success).toBe(false);
  });

  it('sends a CSP that allows only this origin for scripts and connections, and the other security headers', async () => {
    for (const p of ['/', '/api/config']) {
      const { headers } = await s.get(p);
      const csp = headers.get('content-security-policy')!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(name + ' '));
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('script-src')).toBe("script-src 'self'"); // no inline, no eval
      expect(directive('connect-src')).toMatch(/^connect-src 'self' ws:\/\/localhost:\d+ wss:\/\/localhost:\d+$/);
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('img-src')).toBe("img-src 'self' data:"); // remote pictures come through /api/image
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });

  it('the built page needs nothing the CSP forbids: no inline scripts, scripts from /static/dist only', async () => {
    const fs = await import('fs');
    const path = await import('path');
    const built = path.resolve(__dirname, '../../static/dist/index.html');
    const html = fs.existsSync(built) ? fs.readFileSync(built, 'utf8') : (await s.get('/')).text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim()).toBe('');
      expect(attrs).toMatch(/src="\/static\/dist\/[^"]+\.js"/);
    }
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers
  });
});

describe('identical concurrent GETs share one answer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('20 concurrent requests for one wallet all get the same full answer; errors stay JSON', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    expect((await s.post('/api/localnet/fund', { owner })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.get(`/api/wallet-tokens/${owner}`)));
    expect(answers.every((a) => a.status === 200 && a.text === answers[0].text)).toBe(true);
    expect(answers[0].json.tokens.length).toBeGreaterThan(0);
    expect(answers[0].headers.get('cache-control')).toBe('no-store');
    const bad = await Promise.all(Array.from({ length: 5 }, () => s.get('/api/wallet-tokens/abc')));
    expect(bad.map((b) => b.status)).toEqual([400, 400, 400, 400, 400]);
    expect(bad.every((b) => b.json.success === false)).toBe(true);
  });

  it('the work runs once for concurrent identical GETs, again for a later one, and a thrown error reaches every waiter', async () => {
    const Koa = (await import('koa')).default;
    const { coalesceGets } = await import('../../backend/middleware/coalesce');
    const { errorHandler } = await import('../../backend/middleware/errorHandler');
    let runs = 0;
    const app = new Koa();
    app.use(errorHandler());
    app.use(coalesceGets());
    app.use(async (ctx) => {
      runs++;
      await new Promise((r) => setTimeout(r, 200));
      if (ctx.path === '/api/fail') throw Object.assign(new Error('no'), { status: 404, expose: true });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, run: runs };
    });
    const server = http.createServer(nodeHandler(app)).listen(0);
    const base = `http://localhost:${(server.address() as { port: number }).port}`;
    try {
      const many = await Promise.all(Array.from({ length: 20 }, () => fetch(base + '/api/w/1').then((r) => r.json())));
      expect(runs).toBe(1);
      expect(new Set(many.map((m) => m.run))).toEqual(new Set([1]));
      await fetch(base + '/api/w/1');
      expect(runs).toBe(2); // nothing is cached once answered
      const failed = await Promise.all(
        Array.from({ length: 5 }, () => fetch(base + '/api/fail').then(async (r) => [r.status, await r.json()])),
      );
      expect(runs).toBe(3);
      expect(failed.every(([st, body]) => st === 404 && body.success === false)).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe('load generator (tiny run; the full one is npm run bench)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('2 clients for 1 s against wallet-tokens and rent-estimate of a funded wallet: no error responses', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    expect((await s.post('/api/localnet/fund', { owner })).status).toBe(200);
    const r = await runLoad({
      url: s.url,
      paths: [`/api/wallet-tokens/${owner}`, `/api/rent-estimate/${owner}`],
      concurrency: 2,
      durationMs: 1000,
    });
    expect(r.requests).toBeGreaterThan(0);
    expect(r.errorKinds).toEqual({});
    expect(r.errors).toBe(0);
  });
});

function rawGet(base: string, rawPath: string): Promise<{ status: number; text: string } | null> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = http.get({ hostname, port, path: rawPath }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', () => resolve(null));
  });
}
