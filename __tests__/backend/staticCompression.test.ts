// Precompressed static files over real HTTP (docs/ARCHITECTURE.md, "First view"): the build's `.br`/`.gz` siblings
// go out by Accept-Encoding with the right Content-Encoding, Vary and length, hashed names are cached a year,
// index.html is revalidated; forged Accept-Encoding headers and path tricks get nothing else.
import fs from 'fs';
import http from 'http';
import path from 'path';
import zlib from 'zlib';
import { startServer, type TestServer } from './helpers';

const HASHED_JS = 'main.0123abcdef01.js';
// Compressible like real code: repeated statements with a little variety.
const SCRIPT = Array.from({ length: 3000 }, (_, i) => `export const value${i} = ${i * 7} + "solback";\n`).join('');
const PAGE = `<!doctype html><html><head><title>SolBack</title><style>${'.a{color:red}'.repeat(300)}</style></head><body><div id="root"></div><script defer src="/static/dist/${HASHED_JS}"></script></body></html>`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
/** A GET exactly as written (path not normalised, headers as given), body bytes as received (not decoded). */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<Raw | null> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = http.get({ hostname, port, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve(null)); // refused at the HTTP level
  });
}

function decode(r: Raw): string {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(r.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(r.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return r.body.toString('utf8');
}

describe('precompressed static files', () => {
  let s: TestServer;
  let dist: string;
  const size = (file: string) => fs.statSync(path.join(dist, file)).size;
  beforeAll(async () => {
    s = await startServer();
    dist = path.join(s.dir, 'static', 'dist');
    for (const [file, text] of [
      [HASHED_JS, SCRIPT],
      ['index.html', PAGE],
    ]) {
      fs.writeFileSync(path.join(dist, file), text);
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text, { level: 9 }));
    }
    fs.writeFileSync(path.join(dist, 'chunk-groups.json'), '{"main":[]}');
  });
  afterAll(() => s.close());

  it('sends the brotli file to a brotli client, the gzip file to a gzip one, the file itself otherwise', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', file: `${HASHED_JS}.br` }, // Chromium's header
      { accept: 'gzip, deflate', encoding: 'gzip', file: `${HASHED_JS}.gz` },
      { accept: 'identity', encoding: undefined, file: HASHED_JS },
      { accept: '', encoding: undefined, file: HASHED_JS },
    ];
    for (const c of cases) {
      const r = (await rawGet(s.url, `/static/dist/${HASHED_JS}`, c.accept ? { 'accept-encoding': c.accept } : {}))!;
      expect([c.accept, r.status, r.headers['content-encoding']]).toEqual([c.accept, 200, c.encoding]);
      expect(Number(r.headers['content-length'])).toBe(size(c.file));
      expect(r.body.length).toBe(size(c.file));
      expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(r.headers['vary']).toBe('Accept-Encoding');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(r)).toBe(SCRIPT);
    }
    // What precompression saves on this file: the brotli answer is a fraction of the raw one.
    expect(size(`${HASHED_JS}.br`) / size(HASHED_JS)).toBeLessThan(0.2);
  });

  it('index.html: compressed too, revalidated every time (no-cache), 304 when unchanged', async () => {
    const r = (await rawGet(s.url, '/', { 'accept-encoding': 'br' }))!;
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.body.length).toBe(size('index.html.br'));
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['vary']).toBe('Accept-Encoding, Cookie'); // its CSP names the second reader a cookie chose
    expect(decode(r)).toBe(PAGE);
    const again = (await rawGet(s.url, '/some/route', {
      'accept-encoding': 'br',
      'if-modified-since': r.headers['last-modified']!,
    }))!;
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = (await rawGet(s.url, '/', { 'if-modified-since': 'Thu, 01 Jan 1998 00:00:00 GMT' }))!;
    expect(stale.status).toBe(200);
    expect(decode(stale)).toBe(PAGE);
  });

  it('names without a hash are cached briefly; a compressed sibling is never served under its own name', async () => {
    const json = (await rawGet(s.url, '/static/dist/chunk-groups.json'))!;
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('public, max-age=300');
    const logo = (await rawGet(s.url, '/static/logo.svg', { 'accept-encoding': 'br' }))!;
    expect([logo.status, logo.headers['content-encoding'], logo.headers['cache-control']]).toEqual([
      200,
      undefined, // no sibling: sent as it is
      'public, max-age=300',
    ]);
    for (const p of [`/static/dist/${HASHED_JS}.br`, `/static/dist/${HASHED_JS}.gz`, '/static/dist/index.html.GZ']) {
      const r = (await rawGet(s.url, p, { 'accept-encoding': 'br, gzip' }))!;
      expect([p, r.status]).toEqual([p, 404]);
    }
  });

  it('forged Accept-Encoding headers and path tricks get one of the three right answers, or a 4xx', async () => {
    const forged = [
      'br;q=0, gzip', // brotli refused: gzip
      'gzip;q=0, br;q=0', // both refused: the file itself
      'identity;q=0', // everything refused: still the file itself (RFC 9110 allows it), never a wrong encoding
      '*',
      'BR',
      'br;q=abc, gzip;q=1',
      'x-gzip',
      'deflate',
      'zstd',
      ` ${'br,'.repeat(2000)}`, // 6 KB of repeats
      'b'.repeat(7000),
      ';;;,,,;=;=',
    ];
    for (const accept of forged) {
      const r = (await rawGet(s.url, `/static/dist/${HASHED_JS}`, { 'accept-encoding': accept }))!;
      expect([accept, r.status]).toEqual([accept, 200]);
      expect([undefined, 'br', 'gzip']).toContain(r.headers['content-encoding']);
      expect(r.headers['vary']).toBe('Accept-Encoding');
      expect(decode(r)).toBe(SCRIPT);
    }
    expect(
      (await rawGet(s.url, `/static/dist/${HASHED_JS}`, { 'accept-encoding': 'br;q=0, gzip' }))!.headers,
    ).toMatchObject({ 'content-encoding': 'gzip' });
    const tricks = [
      `/static/dist/${HASHED_JS}%2ebr`,
      `/static/dist/${HASHED_JS}.br%00`,
      `/static/dist/${HASHED_JS}%00.br`,
      '/static/dist/..%2f..%2fsecret.txt',
      '/static/dist/%2e%2e/%2e%2e/secret.txt.gz',
      '/static/dist/../../secret.txt',
      '/static/dist/index.html/..%2f..%2f..%2fsecret.txt',
    ];
    fs.writeFileSync(path.join(s.dir, 'secret.txt.br'), zlib.brotliCompressSync('outside the static folder'));
    for (const p of tricks) {
      const r = await rawGet(s.url, p, { 'accept-encoding': 'br, gzip' });
      if (!r) continue;
      expect([p, r.status < 500]).toEqual([p, true]);
      const text = r.headers['content-encoding'] ? decode(r) : r.body.toString('utf8');
      expect(text).not.toContain('outside the static folder');
      if (r.status === 200) expect(text).toBe(PAGE); // a client route gets the page, nothing else
    }
  });
});
