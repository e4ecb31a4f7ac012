// Hostile picture hosts against GET /api/image (RELIABILITY, hostile clients: pictures). Real Koa over HTTP; picture
// hosts on 127.0.0.1 (reachable through the test-only allowance) play the third parties, at a small size:
// - a host answering megabytes of `text/html`, or of HTML declared as `image/png`, is read no further than its first
//   wrong byte (the review: 64 such addresses made a host send 335 MB while the client received 4.4 KB);
// - `#fragment` variants of one address are one picture, fetched once;
// - a hanging host holds at most IMAGE_FETCHES_PER_HOST fetches, and one client's hanging hosts at most
//   IMAGE_FETCHES_PER_CLIENT, while another host's or another client's picture is served at once.
// Nothing here waits for the clock: the fetch limit is far longer than the test, so a hanging fetch ends only when
// its host answers (the limit's 504 is __tests__/backend/imageProxy.test.ts's and imageFetchTurns.test.ts's).
import { startImageServer, solidPng, type ImageServer } from '../support/imageServer';
import { until } from '../support/until';
import { startServer, type TestServer } from './helpers';

const PNG = solidPng(3, 2, [20, 241, 149]);
/** 2 MiB: what the host would send whole if the proxy read on to its limit (4 MiB here). */
const BODY = 2 * 1024 * 1024;
/** What a refused answer may cost its host: a few 16 KiB pieces before the hang-up reaches it. */
const SENT_BOUND = 64 * 1024;
const TIMEOUT_MS = 60_000;

let host: ImageServer;
let hanging: ImageServer[];
let s: TestServer;
beforeAll(async () => {
  [host, ...hanging] = await Promise.all([
    startImageServer(),
    startImageServer('127.0.0.2'),
    startImageServer('127.0.0.3'),
  ]); // three hosts: the port is no host of its own
  const html = Buffer.alloc(BODY, '<p>not a picture</p>');
  host.serve('/page.html', { type: 'text/html', body: html, trickle: true });
  host.serve('/fake.png', { type: 'image/png', body: html, trickle: true });
  host.serve('/zeros.png', { type: 'image/png', body: Buffer.alloc(BODY), trickle: true });
  host.serve('/real.png', { type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(BODY)]) });
  host.serve('/pic.png', { type: 'image/png', body: PNG });
  for (const h of hanging) h.serve('/hang.png', { type: 'image/png', body: '', hang: true });
  s = await startServer(
    {
      IMAGE_MAX_BYTES: String(2 * BODY),
      IMAGE_TIMEOUT_MS: String(TIMEOUT_MS),
      IMAGE_FETCHES_PER_HOST: '2',
      IMAGE_FETCHES_PER_CLIENT: '3',
      TRUST_PROXY: '1',
    },
    { overrides: { testOnlyFetchAddresses: ['127.0.0.1', '127.0.0.2', '127.0.0.3'] } },
  );
});
afterAll(async () => {
  await s?.close();
  await Promise.all([host, ...hanging].map((h) => h?.close()));
});

const image = (url: string, client = '203.0.113.1') =>
  fetch(`${s.url}/api/image?url=${encodeURIComponent(url)}`, { headers: { 'x-forwarded-for': client } });
const status = async (url: string, client?: string) => {
  const res = await image(url, client);
  await res.arrayBuffer();
  return res.status;
};

describe('a host answering with something other than a picture', () => {
  it.each([
    ['text/html (wrong content type)', '/page.html'],
    ['HTML declared image/png (wrong first byte)', '/fake.png'],
    ['zeros declared image/png (wrong first byte)', '/zeros.png'],
  ])('%s: 8 addresses answer 415 and the host sends at most 64 KiB each of its 2 MiB', async (_, path) => {
    const asks = Array.from({ length: 8 }, (_, i) => status(`${host.origin}${path}?copy=${i}`));
    expect(await Promise.all(asks)).toEqual(Array(8).fill(415));
    expect(host.hits[path]).toBe(8);
    await until(() => host.open[path] === 0);
    const sent = host.sent[path];
    console.log(`hostile images: ${path} × 8 → host sent ${sent} bytes (whole: ${8 * BODY})`);
    expect(sent).toBeLessThanOrEqual(8 * SENT_BOUND);
  });

  it('a real PNG of the same size is read whole and passed on (the check does not refuse pictures)', async () => {
    const res = await image(`${host.origin}/real.png`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(PNG.length + BODY);
  });
});

it('#fragment variants of one address are one picture: 5 asks, 1 fetch', async () => {
  const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((f) => status(`${host.origin}/pic.png#${f}`)));
  expect(answers).toEqual([200, 200, 200, 200, 200]);
  expect(await status(`${host.origin}/pic.png`)).toBe(200);
  expect(host.hits['/pic.png']).toBe(1);
});

it('a hanging host holds at most 2 fetches (IMAGE_FETCHES_PER_HOST) while another host is served at once', async () => {
  const [slow] = hanging;
  const clients = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
  let settled = 0;
  const asks = Array.from({ length: 6 }, (_, i) =>
    status(`${slow.origin}/hang.png?n=${i}`, clients[i % 3]).finally(() => settled++),
  );
  await until(() => slow.held('/hang.png') === 2);
  const other = await image(`${host.origin}/pic.png?other`, '198.51.100.4');
  expect(other.status).toBe(200);
  // Served while the slow host holds its two fetches and the other four wait their turn.
  expect(settled).toBe(0);
  expect(slow.hits['/hang.png']).toBe(2);
  // Then the host answers what it holds, and the waiting fetches take their turns, never more than two at once.
  let answered = 0;
  while (answered < 6) {
    await until(() => slow.held('/hang.png') > 0);
    answered += slow.answerHeld('/hang.png', { type: 'image/png', body: PNG });
  }
  expect(await Promise.all(asks)).toEqual(Array(6).fill(200));
  expect(slow.hits['/hang.png']).toBe(6);
  expect(slow.maxOpen['/hang.png']).toBe(2);
});

it("one client's hanging hosts hold at most 3 of its fetches (IMAGE_FETCHES_PER_CLIENT); another client is served", async () => {
  for (const h of hanging) for (const k of Object.keys(h.hits)) delete h.hits[k];
  const attacker = '192.0.2.66';
  const asks = hanging.flatMap((h) => [0, 1].map((i) => status(`${h.origin}/hang.png?client=${i}`, attacker)));
  const reached = () => hanging.reduce((n, h) => n + (h.hits['/hang.png'] ?? 0), 0);
  const held = () => hanging.reduce((n, h) => n + h.held('/hang.png'), 0);
  await until(() => held() === 3);
  const other = await image(`${host.origin}/pic.png?client`, '192.0.2.7');
  expect(other.status).toBe(200);
  expect(reached()).toBe(3); // the fourth still waits for one of the three
  let answered = 0;
  while (answered < 4) {
    await until(() => held() > 0);
    for (const h of hanging) answered += h.answerHeld('/hang.png', { type: 'image/png', body: PNG });
  }
  expect(await Promise.all(asks)).toEqual(Array(4).fill(200));
  expect(reached()).toBe(4);
});
