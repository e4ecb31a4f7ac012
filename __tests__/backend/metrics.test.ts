// Metrics (docs/OPERATIONS.md) over real HTTP: served on METRICS_PORT only (the public port answers 404), every named
// series declared, and the counts move after real requests — routes by template, upstream calls by outcome against
// the recorded upstream stand-in in each failure mode docs/UPSTREAM.md lists, limiter refusals, picture fetches and
// bytes, the relayer's balance. No label carries an address or an id.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import { startImageServer, solidPng, type ImageServer } from '../support/imageServer';
import { scrape } from '../support/metricsText';
import { startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';
import { startServer, type TestServer } from './helpers';

jest.setTimeout(60_000);

const SERIES = [
  'solback_http_requests_total',
  'solback_http_request_duration_seconds',
  'solback_upstream_calls_total',
  'solback_upstream_call_duration_seconds',
  'solback_rate_limit_refusals_total',
  'solback_image_fetches_total',
  'solback_image_fetched_bytes_total',
  'solback_relayer_balance_lamports',
  'solback_relayer_relayed_today',
  'solback_relayer_relayed_total',
  'solback_relayer_fees_paid_lamports_total',
  'solback_queue_items',
  'solback_queue_lease_takeovers_total',
  // prom-client's default process metrics
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
];
const RELAYER_LAMPORTS = 987_654_321;
const PNG = solidPng(4, 4, [200, 30, 30]);

let upstream: ReplayUpstream;
let images: ImageServer;
let server: TestServer;
let keyDir: string;
let metricsUrl: string;

beforeAll(async () => {
  upstream = await startReplayUpstream();
  upstream.answers.getBalance = () => ({ context: { slot: 1 }, value: RELAYER_LAMPORTS });
  images = await startImageServer();
  images.serve('/pic.png', { type: 'image/png', body: PNG });
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-metrics-'));
  const relayerKey = path.join(keyDir, 'relayer.json');
  fs.writeFileSync(relayerKey, JSON.stringify(Array.from(Keypair.generate().secretKey)), { mode: 0o600 });
  server = await startServer(
    {
      SOLANA_RPC_URL: upstream.url,
      DAS_URL: upstream.url,
      RELAYER_KEYPAIR: relayerKey,
      RATE_LIMIT_PER_MINUTE: '3',
      TRUST_PROXY: '1',
      METRICS_PORT: '0',
    },
    { overrides: { testOnlyFetchAddresses: ['127.0.0.1'], upstreamRetryBaseMs: 5 } },
  );
  metricsUrl = server.solback.metricsUrl!;
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
  await images?.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const rpc = (method: string, params?: unknown) => server.post('/api/rpc', { jsonrpc: '2.0', id: 1, method, params });

it('is served on METRICS_PORT (loopback) only; the public port answers 404', async () => {
  expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
  const pub = await server.get('/metrics');
  expect(pub.status).toBe(404);
  expect(pub.text).not.toContain('solback_');
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
});

it('declares every named series', async () => {
  const families = (await scrape(metricsUrl)).families();
  for (const name of SERIES) expect([name, families.has(name)]).toEqual([name, true]);
});

it('counts requests by route template and status, with their latency', async () => {
  const before = await scrape(metricsUrl);
  const config = { method: 'GET', route: '/api/config', status: '200' };
  for (let i = 0; i < 3; i++) expect((await server.get('/api/config')).status).toBe(200);
  const queueId = 'q'.repeat(16);
  await server.get(`/api/queue/status/${queueId}`);
  const after = await scrape(metricsUrl);
  expect(after.value('solback_http_requests_total', config) - before.value('solback_http_requests_total', config)).toBe(
    3,
  );
  const latency = { method: 'GET', route: '/api/config' };
  expect(
    after.value('solback_http_request_duration_seconds_count', latency) -
      before.value('solback_http_request_duration_seconds_count', latency),
  ).toBe(3);
  expect(after.text).toContain('route="/api/queue/status/:queueId"');
  expect(after.labelValues().filter((v) => v.includes(queueId))).toEqual([]);
});

it('counts upstream calls by provider, method and outcome, the refusals included', async () => {
  const outcomes: [ReplayUpstream['mode'], string][] = [
    ['normal', 'ok'],
    ['rateLimitJson', 'rate_limited'],
    ['http429', 'rate_limited'],
    ['auth32001', 'credentials_refused'],
    ['auth401', 'credentials_refused'],
    ['nodeUnhealthy', 'unhealthy'],
    ['down', 'unreachable'],
  ];
  for (const [mode, outcome] of outcomes) {
    upstream.mode = mode;
    const labels = { provider: 'rpc', method: 'getSlot', outcome, caller: 'client' };
    const before = (await scrape(metricsUrl)).value('solback_upstream_calls_total', labels);
    await rpc('getSlot');
    const after = (await scrape(metricsUrl)).value('solback_upstream_calls_total', labels);
    expect([mode, after - before]).toEqual([mode, 1]);
  }
  upstream.mode = 'normal';
  const das = { provider: 'das', method: 'getAsset', outcome: 'error_answer', caller: 'client' };
  const dasBefore = (await scrape(metricsUrl)).value('solback_upstream_calls_total', das);
  await rpc('getAsset', { id: '11111111111111111111111111111111' }); // "Asset Not Found": an ordinary answer
  expect((await scrape(metricsUrl)).value('solback_upstream_calls_total', das) - dasBefore).toBe(1);

  upstream.mode = 'batchRefused';
  const refused = { provider: 'rpc', method: 'batch', outcome: 'batch_refused', caller: 'client' };
  const batchBefore = (await scrape(metricsUrl)).value('solback_upstream_calls_total', refused);
  await server.post('/api/rpc', [
    { jsonrpc: '2.0', id: 1, method: 'getSlot' },
    { jsonrpc: '2.0', id: 2, method: 'getSlot' },
  ]);
  expect((await scrape(metricsUrl)).value('solback_upstream_calls_total', refused) - batchBefore).toBe(1);
  upstream.mode = 'normal';
});

it('a client’s 50 requests answered "credentials refused" count as the client’s, not the provider’s failures', async () => {
  const refusedId = 'So11111111111111111111111111111111111111112';
  const answer = upstream.answers.getAsset;
  upstream.answers.getAsset = (p) =>
    p?.id === refusedId ? { __error: { code: -32001, message: 'API key not allowed' } } : answer(p);
  const as = (caller: string) => ({ provider: 'das', method: 'getAsset', outcome: 'credentials_refused', caller });
  const before = await scrape(metricsUrl);
  for (let i = 0; i < 50; i++)
    await fetch(`${server.url}/api/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'getAsset', params: { id: refusedId } }),
    });
  const after = await scrape(metricsUrl);
  upstream.answers.getAsset = answer;
  expect(
    after.value('solback_upstream_calls_total', as('client')) -
      before.value('solback_upstream_calls_total', as('client')),
  ).toBe(50);
  expect(after.value('solback_upstream_calls_total', as('server'))).toBe(0); // the alert (docs/OPERATIONS.md) reads these
  expect((await server.get('/readyz')).status).toBe(200);
});

it('counts limiter refusals, picture fetches and their bytes; reads the relayer balance', async () => {
  const before = await scrape(metricsUrl);
  const from = (p: string) => fetch(server.url + p, { headers: { 'x-forwarded-for': '203.0.113.9' } });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await from('/api/config')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const picture = `/api/image?url=${encodeURIComponent(`${images.origin}/pic.png`)}`;
  expect((await server.get(picture)).status).toBe(200);
  expect((await server.get(picture)).status).toBe(200); // from memory: not fetched again
  const after = await scrape(metricsUrl);
  const delta = (name: string, labels?: Record<string, string>) =>
    after.value(name, labels) - before.value(name, labels);
  expect(delta('solback_rate_limit_refusals_total', { kind: 'api' })).toBe(1);
  expect(delta('solback_image_fetches_total', { outcome: 'ok' })).toBe(1);
  expect(delta('solback_image_fetched_bytes_total')).toBe(PNG.length);
  expect(images.hits['/pic.png']).toBe(1);
  expect(after.value('solback_relayer_balance_lamports')).toBe(RELAYER_LAMPORTS);
  expect(after.value('solback_queue_items', { state: 'pending' })).toBe(0);
});
