// Sign-in nonces under a flood (RELIABILITY, hostile clients: nonces). The review: 100,000 nonces asked from loopback
// pushed a victim's nonce out of the store (oldest dropped first), so the victim's signed request failed as "already
// used"; and a fresh IPv6 address in one /64 got a fresh allowance. Real Koa over HTTP behind TRUST_PROXY (the test is
// the proxy on this machine, naming each client), at a small size: AUTH_NONCES_PER_CLIENT=5.
import { MemoryNonceStore } from '../../backend/services/auth/nonceStore';
import { startServer, type TestServer } from './helpers';

const PER_CLIENT = 5;
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ AUTH_NONCES_PER_CLIENT: String(PER_CLIENT), TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => s?.close());

const askNonce = async (client: string) => {
  const res = await fetch(`${s.url}/api/auth/nonce`, { headers: { 'x-forwarded-for': client } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

it('a client holds at most 5 unused nonces; the 6th is 429 with Retry-After; another client is unaffected', async () => {
  const victim = await askNonce('198.51.100.20');
  expect(victim.status).toBe(200);
  const flood = [];
  for (let i = 0; i < 12; i++) flood.push(await askNonce('203.0.113.9'));
  expect(flood.map((r) => r.status)).toEqual([...Array(PER_CLIENT).fill(200), ...Array(12 - PER_CLIENT).fill(429)]);
  expect(flood[PER_CLIENT].body.error).toBe(
    'Too many sign-in requests from your address. Please wait a moment and try again.',
  );
  expect(Number(flood[PER_CLIENT].retryAfter)).toBeGreaterThan(500); // until its oldest expires (10 minutes)
  // The victim's nonce is still good, and the victim can have more.
  expect((await askNonce('198.51.100.20')).status).toBe(200);
  expect(await s.solback.services.nonces.consume(victim.body.nonce)).toBe(true);
  // Using one of its own gives the flooding client one place back, no more.
  expect(await s.solback.services.nonces.consume(flood[0].body.nonce)).toBe(true);
  expect((await askNonce('203.0.113.9')).status).toBe(200);
  expect((await askNonce('203.0.113.9')).status).toBe(429);
});

it('fresh IPv6 addresses in one /64 share one allowance; another /64 has its own', async () => {
  const inOne64 = Array.from({ length: 8 }, (_, i) => `2001:db8:5:6:${i.toString(16)}::${i + 1}`);
  const statuses = [];
  for (const address of inOne64) statuses.push((await askNonce(address)).status);
  expect(statuses).toEqual([...Array(PER_CLIENT).fill(200), ...Array(8 - PER_CLIENT).fill(429)]);
  expect((await askNonce('2001:db8:5:7::1')).status).toBe(200);
  // The same /64 written as an IPv4-mapped or expanded form is still that client.
  expect((await askNonce('2001:0db8:0005:0006:ffff:ffff:ffff:ffff')).status).toBe(429);
});

it('a full store refuses new nonces and never drops an issued one (the victim keeps its nonce)', async () => {
  const store = new MemoryNonceStore(PER_CLIENT, 20);
  const victim = await store.issue(60_000, '198.51.100.20');
  if (!('nonce' in victim)) throw new Error('victim refused');
  const answers = [];
  for (let i = 0; i < 40; i++) answers.push(await store.issue(60_000, `203.0.113.${i}`));
  expect(answers.filter((a) => 'nonce' in a)).toHaveLength(19);
  expect(answers.at(-1)).toMatchObject({ refused: 'full' });
  expect(await store.consume(victim.nonce)).toBe(true);
});
