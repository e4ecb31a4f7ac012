// The page's CSP names the second chain reader the user chose, and nothing else (RELIABILITY, the second reader): the
// page keeps the reader's origin in a cookie (src/common/secondReader.ts); the server copies it into `connect-src` only
// when it is exactly an https origin (or http on this machine). The reader the operator offers (PUBLIC_SECOND_READER,
// https only, upstream mode only) is in /api/config and always in `connect-src`. Real Koa over HTTP.
import { loadConfig } from '../../backend/config';
import { SECOND_READER_COOKIE } from '../../src/common/secondReader';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const connectSrc = async (cookie?: string) => {
  const res = await fetch(`${s.url}/`, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  const csp = res.headers.get('content-security-policy') ?? '';
  return { csp, connect: csp.split(';').find((d) => d.startsWith('connect-src')) ?? '' };
};
const withReader = (value: string) => `other=1; ${SECOND_READER_COOKIE}=${encodeURIComponent(value)}`;

it('without the cookie connect-src is this host alone; with it, exactly the reader origin is added', async () => {
  const plain = await connectSrc();
  const host = new URL(s.url).host;
  expect(plain.connect).toBe(`connect-src 'self' ws://${host} wss://${host}`);
  const set = await connectSrc(withReader('https://api.mainnet-beta.solana.com'));
  expect(set.connect).toBe(`connect-src 'self' ws://${host} wss://${host} https://api.mainnet-beta.solana.com`);
  expect((await connectSrc(withReader('http://127.0.0.1:8899'))).connect).toContain(' http://127.0.0.1:8899');
});

it('the page varies by Cookie (its CSP does), files and API answers do not', async () => {
  const page = await fetch(`${s.url}/`);
  expect(page.headers.get('vary') ?? '').toMatch(/\bCookie\b/i);
  const api = await fetch(`${s.url}/api/config`);
  expect(api.headers.get('vary') ?? '').not.toMatch(/\bCookie\b/i);
  await Promise.all([page.arrayBuffer(), api.arrayBuffer()]);
});

it.each([
  'https://x.example; script-src *',
  "https://x.example 'unsafe-eval'",
  'https://a.example https://b.example',
  'http://evil.example',
  'https://x.example/path',
  'javascript:alert(1)',
  '*',
  'https:',
  "'unsafe-inline'",
])('a cookie of %j is ignored: the CSP is as without it', async (value) => {
  const plain = await connectSrc();
  const hostile = await connectSrc(withReader(value));
  expect(hostile.csp).toBe(plain.csp);
});

describe('the public second reader the operator offers (PUBLIC_SECOND_READER, upstream mode)', () => {
  const READER = 'https://api.mainnet-beta.solana.com/';
  let up: TestServer;
  beforeAll(async () => {
    // Upstream mode at a provider that is never asked: the page, its CSP and /api/config need no chain.
    up = await startServer({ SOLANA_RPC_URL: 'http://127.0.0.1:9/', PUBLIC_SECOND_READER: READER });
  });
  afterAll(() => up?.close());

  const connectOf = async (cookie?: string) => {
    const res = await fetch(`${up.url}/`, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    return (res.headers.get('content-security-policy') ?? '').split(';').find((d) => d.startsWith('connect-src'));
  };

  it('/api/config offers it to the page, and connect-src allows its origin, beside a reader the user chose', async () => {
    const config = await up.get('/api/config');
    expect(config.json.publicSecondReader).toBe(READER);
    const host = new URL(up.url).host;
    expect(await connectOf()).toBe(`connect-src 'self' ws://${host} wss://${host} https://api.mainnet-beta.solana.com`);
    expect(await connectOf(withReader('https://rpc.example'))).toBe(
      `connect-src 'self' ws://${host} wss://${host} https://api.mainnet-beta.solana.com https://rpc.example`,
    );
  });

  it('without the setting, /api/config offers none and connect-src is this host alone', async () => {
    expect((await s.get('/api/config')).json.publicSecondReader).toBeNull();
  });

  it.each([
    ['http://api.mainnet-beta.solana.com', /PUBLIC_SECOND_READER/],
    ['https://user:secret@rpc.example', /PUBLIC_SECOND_READER/],
    ['javascript:alert(1)', /PUBLIC_SECOND_READER/],
    ['https://rpc.example; script-src *', /PUBLIC_SECOND_READER/],
  ])('%j is refused at start', (value, message) => {
    expect(() => loadConfig({ SOLANA_RPC_URL: 'https://rpc.example', PUBLIC_SECOND_READER: value })).toThrow(message);
  });

  it('is refused on the local chain, which a public reader would contradict about every account', () => {
    expect(() => loadConfig({ PUBLIC_SECOND_READER: READER })).toThrow(/only in upstream mode/);
  });
});
