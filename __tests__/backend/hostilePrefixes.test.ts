// Shared pools under many clients of one network (RELIABILITY, "Hostile clients": prefixes). The review: 3,315 /64s
// filled the nonce store (every sign-in then 503), 200 /64s × 5 creates pushed out a victim's unauthorised queue,
// 50 /64s used up the relayer's all-clients day, 38 ports of one address were 38 picture hosts, and 40 of 40 sockets
// opened from one /64. Here at small sizes: a few hundred /64s of one /48, over real HTTP behind TRUST_PROXY where
// the pool is reached by a route, and on the pool itself where the finding was its bound.
import http from 'http';
import type { IncomingMessage } from 'http';
import type { AddressInfo } from 'net';
import { Keypair } from '@solana/web3.js';
import { parseTrustProxy } from '../../backend/config';
import type { AppError } from '../../backend/errors';
import { createUpgradeGate, MAX_SOCKETS_PER_CLIENT } from '../../backend/middleware/upgradeGate';
import { createImageProxy } from '../../backend/services/image/imageProxy';
import { MemoryNonceStore } from '../../backend/services/auth/nonceStore';
import { PREFIX_SHARES } from '../../backend/services/limits/prefixAllowance';
import { DEFAULT_RELAYER_LIMITS, RelayerPolicy } from '../../backend/services/relayer/relayer';
import { solidPng, startImageServer, type ImageServer } from '../support/imageServer';
import { until } from '../support/until';
import { startServer, type TestServer } from './helpers';

/** The i-th /64 of the review's /48 (2001:db8:48::/48), each in its own /56, as a fresh address inside it. */
const in48 = (i: number) => `2001:db8:48:${(((i % 256) << 8) | (i >> 8)).toString(16)}::${(i % 7) + 1}`;
const VICTIM = '2001:db8:99:1::5';

describe('over HTTP', () => {
  const PER_CLIENT = 5;
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ AUTH_NONCES_PER_CLIENT: String(PER_CLIENT), TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0' });
  }, 60_000);
  afterAll(() => s?.close());
  const as = (ip: string, path: string, body?: unknown) =>
    fetch(`${s.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('nonces: 300 /64s of one /48 get 20 (4 clients’ worth), not 300; another network still signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await as(in48(i), '/api/auth/nonce')).status);
    const issued = statuses.filter((st) => st === 200).length;
    console.log(`nonces: 300 /64s of one /48 → ${issued} issued`);
    expect(issued).toBe(PER_CLIENT * PREFIX_SHARES.v6_48);
    expect(statuses.filter((st) => st !== 200).every((st) => st === 429)).toBe(true);
    expect((await as(VICTIM, '/api/auth/nonce')).status).toBe(200);
  });

  it('queues: 200 /64s × 5 creates from one /48 hold 20, and the victim’s queue is still there to authorise', async () => {
    const body = () => ({
      ownerAddress: Keypair.generate().publicKey.toBase58(),
      assets: [{ assetId: Keypair.generate().publicKey.toBase58(), name: 'n' }],
    });
    const victim = await (await as(VICTIM, '/api/queue/create', body())).json();
    expect(victim.success).toBe(true);
    let created = 0;
    for (let i = 0; i < 200; i++)
      for (let k = 0; k < 5; k++) if ((await as(in48(i), '/api/queue/create', body())).status === 200) created++;
    console.log(`queues: 200 /64s × 5 creates of one /48 → ${created} held`);
    expect(created).toBe(PER_CLIENT * PREFIX_SHARES.v6_48);
    expect(await s.solback.services.queue.store.get(victim.queueId)).not.toBeNull();
  });
});

it('nonce store of 250: 300 /64s of one /48 leave room; the victim gets a nonce and none issued is dropped', async () => {
  const store = new MemoryNonceStore(5, 250);
  const first = await store.issue(60_000, '2001:db8:48:0::/64');
  let issued = 0;
  for (let i = 0; i < 300; i++) if ('nonce' in (await store.issue(60_000, `${in48(i)}`))) issued++;
  expect(issued + 1).toBe(5 * PREFIX_SHARES.v6_48);
  expect(await store.issue(60_000, '2001:db8:99:1::/64')).toHaveProperty('nonce');
  expect(await store.consume((first as { nonce: string }).nonce)).toBe(true);
});

it('relayer: 50 /64s of one /48 at 20 each use 80 of the day’s 1,000; another network is still relayed', () => {
  const policy = new RelayerPolicy(DEFAULT_RELAYER_LIMITS);
  let relayed = 0;
  for (let i = 0; i < 50; i++)
    for (let k = 0; k < DEFAULT_RELAYER_LIMITS.perClientPerDay; k++) {
      const r = policy.reserve(`${in48(i)}`, Keypair.generate().publicKey.toBase58());
      if (typeof r !== 'string') {
        policy.finish(r, false);
        relayed++;
      }
    }
  console.log(`relayer: 50 /64s × 20 of one /48 → ${relayed} relayed`);
  expect(relayed).toBe(DEFAULT_RELAYER_LIMITS.perClientPerDay * PREFIX_SHARES.v6_48);
  expect(policy.refusal(VICTIM, Keypair.generate().publicKey.toBase58(), 1)).toBeNull();
});

it(`websockets: 40 fresh addresses of one /64 open ${MAX_SOCKETS_PER_CLIENT}; a /48 opens at most 4 clients’ worth`, () => {
  const gate = createUpgradeGate({ allowedOrigins: [], trustProxy: parseTrustProxy(''), upgradesPerMinute: 1000 });
  const req = (peer: string) =>
    ({ socket: { remoteAddress: peer }, headers: { host: 'solback.example' } }) as unknown as IncomingMessage;
  const one64 = Array.from({ length: 40 }, (_, i) => gate.admit(req(`2001:db8:64:1::${i + 1}`)));
  expect(one64.filter((v) => v.ok)).toHaveLength(MAX_SOCKETS_PER_CLIENT);
  const many64 = Array.from({ length: 300 }, (_, i) => gate.admit(req(in48(i))));
  expect(many64.filter((v) => v.ok)).toHaveLength(MAX_SOCKETS_PER_CLIENT * PREFIX_SHARES.v6_48);
  expect(gate.admit(req(VICTIM)).ok).toBe(true);
});

describe('pictures: the per-host limit keys on the host, not host:port', () => {
  const hosts: ImageServer[] = [];
  let other: http.Server;
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) {
      const h = await startImageServer();
      h.serve('/hang.png', { type: 'image/png', body: '', hang: true });
      hosts.push(h);
    }
    const png = solidPng(2, 2, [0, 0, 0]);
    other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((r) => other.listen(0, '127.0.0.2', r));
  });
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.close()));
    other.closeAllConnections();
    await new Promise((r) => other.close(r));
  });

  it('6 ports of one address are one host: 2 fetches reach it, while another host’s picture is served', async () => {
    const proxy = createImageProxy({
      maxBytes: 1024,
      timeoutMs: 20_000,
      cacheBytes: 1024,
      testOnlyAllowedAddresses: ['127.0.0.1', '127.0.0.2'],
      fetchesPerHost: 2,
    });
    const reached = () => hosts.filter((h) => h.hits['/hang.png']).length;
    const asks = hosts.map((h) => proxy.get(`${h.origin}/hang.png`).catch((e: AppError) => e.status));
    await until(() => reached() >= 2, 10_000, 'two fetches to reach the host');
    const port = (other.address() as AddressInfo).port;
    // Asked after the six: served while they hang, so every one of the six that was let through has been sent.
    expect((await proxy.get(`http://127.0.0.2:${port}/p.png`)).contentType).toBe('image/png');
    console.log(`pictures: 6 ports of one address → ${reached()} fetches reached it`);
    expect(reached()).toBe(2);
    await Promise.all(hosts.splice(0).map((h) => h.close())); // the waiting ones then fail at once
    await Promise.all(asks);
  });
});
