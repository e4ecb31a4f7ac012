// GET /api/image (PRODUCT difference 16): pictures reach the page only through this server, under the off-chain fetch
// rules. Real Koa over HTTP; a local picture host on 127.0.0.1 plays the third party. Loopback is refused in
// production, so the proxied-picture cases use a server built with the test-only allowance for exactly 127.0.0.1
// (Config.testOnlyFetchAddresses, no env var); a second server without it shows the refusal.
import { IMAGE_CACHE_CONTROL, IMAGE_RESPONSE_CSP } from '../../backend/routes/image';
import { startImageServer, solidPng, type ImageServer } from '../support/imageServer';
import { startServer, type TestServer } from './helpers';

const PNG = solidPng(3, 2, [20, 241, 149]);
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const MAX = 64 * 1024;

let host: ImageServer;
let s: TestServer; // may reach 127.0.0.1 (tests only)
let plain: TestServer; // production rules: no allowance
beforeAll(async () => {
  host = await startImageServer();
  host.serve('/pic.png', { type: 'image/png', body: PNG });
  host.serve('/again.png', { type: 'image/png; charset=binary', body: PNG });
  host.serve('/page.html', { type: 'text/html', body: '<h1>not a picture</h1>' });
  // A picture's first bytes are a PNG's; the rest pads it past the limit (the proxy reads on only after a real start).
  const oversized = Buffer.concat([PNG, Buffer.alloc(MAX + 1 - PNG.length)]);
  host.serve('/big.png', { type: 'image/png', body: oversized });
  host.serve('/big-chunked.png', { type: 'image/png', body: oversized, chunked: true });
  host.serve('/art.svg', { type: 'image/svg+xml', body: SVG_WITH_SCRIPT });
  host.serve('/hang.png', { type: 'image/png', body: '', hang: true });
  host.serve('/moved.png', { type: '', body: '', redirect: '/pic.png' });
  host.serve('/moved-inside.png', { type: '', body: '', redirect: `http://[::1]:${host.port}/pic.png` });
  [s, plain] = await Promise.all([
    startServer(
      {
        IMAGE_MAX_BYTES: String(MAX),
        IMAGE_TIMEOUT_MS: '1500',
        IMAGE_RATE_LIMIT_PER_MINUTE: '3',
        RATE_LIMIT_PER_MINUTE: '600',
        TRUST_PROXY: '1',
      },
      { overrides: { testOnlyFetchAddresses: ['127.0.0.1'] } },
    ),
    startServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.close(), plain?.close()]);
  await host?.close();
});

const proxied = (url: string) => `/api/image?url=${encodeURIComponent(url)}`;
const fetchImage = (server: TestServer, url: string, init: RequestInit = {}) => fetch(server.url + proxied(url), init);

describe('GET /api/image', () => {
  it('serves a picture with its type, Cache-Control, nosniff and a restrictive CSP', async () => {
    const res = await fetchImage(s, `${host.origin}/pic.png`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(IMAGE_RESPONSE_CSP);
    expect(IMAGE_RESPONSE_CSP).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    // The type is passed on without parameters.
    const again = await fetchImage(s, `${host.origin}/again.png`);
    expect(again.headers.get('content-type')).toBe('image/png');
  });

  it('a second request for a picture comes from memory: the host is not asked again', async () => {
    const url = `${host.origin}/pic.png`;
    await fetchImage(s, url);
    const before = host.hits['/pic.png'];
    expect(before).toBe(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetchImage(s, url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(host.hits['/pic.png']).toBe(before);
  });

  it('refuses an answer that is not image/* (415), and remembers the refusal', async () => {
    const res = await fetchImage(s, `${host.origin}/page.html`);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, error: 'The address does not answer with an image' });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect((await fetchImage(s, `${host.origin}/page.html`)).status).toBe(415);
    expect(host.hits['/page.html']).toBe(1);
  });

  it('refuses a picture over IMAGE_MAX_BYTES, announced or not (413)', async () => {
    for (const p of ['/big.png', '/big-chunked.png']) {
      const res = await fetchImage(s, host.origin + p);
      expect(res.status).toBe(413);
      expect((await res.json()).error).toBe('The image is too large');
    }
  });

  it('serves SVG, under the CSP that keeps its script inert (no script source, sandboxed)', async () => {
    const res = await fetchImage(s, `${host.origin}/art.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe(IMAGE_RESPONSE_CSP);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="image"');
  });

  it('follows a redirect, checking the new address again: one pointing inside is refused', async () => {
    expect((await fetchImage(s, `${host.origin}/moved.png`)).status).toBe(200);
    const inside = await fetchImage(s, `${host.origin}/moved-inside.png`);
    expect(inside.status).toBe(403);
  });

  it('a host that does not answer: 504, the fetch ended by IMAGE_TIMEOUT_MS', async () => {
    // The host never answers: only the fetch limit can end this request, and it answers 504.
    const res = await fetchImage(s, `${host.origin}/hang.png`);
    expect(res.status).toBe(504);
  });

  it('with production rules every inside address is refused before any byte is sent (403), names included', async () => {
    const before = { ...host.hits };
    for (const url of [
      `${host.origin}/pic.png`,
      `http://localhost:${host.port}/pic.png`,
      `http://[::1]:${host.port}/pic.png`,
      `http://[::]:${host.port}/pic.png`,
      `http://[::ffff:127.0.0.1]:${host.port}/pic.png`,
      `http://[64:ff9b::7f00:1]:${host.port}/pic.png`,
      'http://10.0.0.1/pic.png',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/pic.png',
      'http://224.0.0.1/pic.png',
    ]) {
      const res = await fetchImage(plain, url);
      expect([url, res.status]).toEqual([url, 403]);
      expect((await res.json()).error).toBe('The image address is not a public one');
    }
    // The allowance is one exact address, not loopback as a whole.
    expect((await fetchImage(s, `http://[::1]:${host.port}/pic.png`)).status).toBe(403);
    expect(host.hits).toEqual(before);
  });

  it('only http(s) URLs: other schemes and non-URLs are 400', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'ipfs://bafy/x.png',
      'javascript:alert(1)',
      'x',
    ]) {
      const res = await fetchImage(plain, url);
      expect([url, res.status]).toEqual([url, 400]);
    }
    expect((await plain.get('/api/image')).status).toBe(400);
    expect((await plain.get(`/api/image?url=${'a'.repeat(2049)}`)).status).toBe(400);
  });

  it('limits pictures per client (IMAGE_RATE_LIMIT_PER_MINUTE) apart from the /api allowance', async () => {
    const from = { headers: { 'x-forwarded-for': '203.0.113.50' } };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetchImage(s, `${host.origin}/pic.png`, from)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fetch(`${s.url}/api/config`, from)).status).toBe(200);
    // Another client still gets its pictures.
    const other = await fetchImage(s, `${host.origin}/pic.png`, { headers: { 'x-forwarded-for': '203.0.113.51' } });
    expect(other.status).toBe(200);
  });
});

describe('the page CSP (PRODUCT difference 16)', () => {
  it('pictures only from this origin or data:, fonts and styles from no third party', async () => {
    for (const p of ['/', '/api/config']) {
      const csp = (await plain.get(p)).headers.get('content-security-policy')!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(name + ' '));
      expect(directive('img-src')).toBe("img-src 'self' data:");
      expect(directive('font-src')).toBe("font-src 'self'");
      expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toMatch(/googleapis|gstatic|blob:/);
    }
  });
});
