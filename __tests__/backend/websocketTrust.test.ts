// Websockets on /api/rpc (RELIABILITY, trust): a foreign Origin is refused, the page's own and ALLOWED_ORIGINS pass;
// at most 100 subscriptions a socket; upgrades pass a limiter (sockets at once and per minute per client).
import type { IncomingMessage } from 'http';
import WebSocket from 'ws';
import { parseTrustProxy } from '../../backend/config';
import { createUpgradeGate } from '../../backend/middleware/upgradeGate';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ALLOWED_ORIGINS: 'https://wallet.example' });
}, 60_000);
afterAll(() => server.close());

const wsUrl = () => `${server.url.replace('http', 'ws')}/api/rpc`;
function open(origin?: string): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(), origin ? { origin } : {});
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('websocket upgrades', () => {
  it("refuses a foreign Origin with 403; accepts the page's own, ALLOWED_ORIGINS and non-browser clients", async () => {
    expect(await open('https://evil.example')).toBe(403);
    const host = new URL(server.url).host;
    for (const origin of [`http://${host}`, 'https://wallet.example', undefined]) {
      const ws = await open(origin);
      expect(ws).toBeInstanceOf(WebSocket);
      (ws as WebSocket).close();
    }
  });

  it('holds at most 100 subscriptions a socket', async () => {
    const ws = (await open()) as WebSocket;
    const answers: any[] = [];
    ws.on('message', (m) => {
      const msg = JSON.parse(String(m));
      if (msg.id !== undefined) answers.push(msg);
    });
    for (let i = 0; i < 101; i++) ws.send(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'slotSubscribe' }));
    for (let t = 0; answers.length < 101 && t < 200; t++) await new Promise((r) => setTimeout(r, 25));
    ws.close();
    expect(answers.filter((a) => typeof a.result === 'number')).toHaveLength(100);
    expect(answers.find((a) => a.id === 100).error).toEqual({
      code: -32005,
      message: 'At most 100 subscriptions per socket',
    });
  });
});

describe('upgrade gate (limiter)', () => {
  const req = (peer: string, headers: Record<string, string> = {}) =>
    ({
      socket: { remoteAddress: peer },
      headers: { host: 'solback.example', ...headers },
    }) as unknown as IncomingMessage;
  const trust = parseTrustProxy('');

  it('caps sockets at once per client, and frees a place when one closes', () => {
    const gate = createUpgradeGate({
      allowedOrigins: [],
      trustProxy: trust,
      maxSocketsPerClient: 2,
      upgradesPerMinute: 100,
    });
    const a = gate.admit(req('203.0.113.9'));
    const b = gate.admit(req('203.0.113.9'));
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(gate.admit(req('203.0.113.9'))).toMatchObject({ ok: false, status: 429 });
    expect(gate.admit(req('203.0.113.10')).ok).toBe(true); // another client
    if (a.ok) a.release();
    expect(gate.admit(req('203.0.113.9')).ok).toBe(true);
  });

  it('caps upgrades per minute per client; a forged X-Forwarded-For changes nothing by default', () => {
    let now = 0;
    const gate = createUpgradeGate({
      allowedOrigins: [],
      trustProxy: trust,
      maxSocketsPerClient: 100,
      upgradesPerMinute: 3,
      now: () => now,
    });
    for (let i = 0; i < 3; i++)
      expect(gate.admit(req('203.0.113.9', { 'x-forwarded-for': `198.51.100.${i}` })).ok).toBe(true);
    expect(gate.admit(req('203.0.113.9', { 'x-forwarded-for': '198.51.100.99' }))).toMatchObject({
      ok: false,
      status: 429,
    });
    now += 60_001;
    expect(gate.admit(req('203.0.113.9')).ok).toBe(true);
  });

  it("a hostile X-Forwarded-Host cannot make a foreign origin the page's own", () => {
    const gate = createUpgradeGate({ allowedOrigins: [], trustProxy: trust });
    expect(
      gate.admit(req('203.0.113.9', { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })),
    ).toMatchObject({ ok: false, status: 403 });
    expect(gate.admit(req('203.0.113.9', { origin: 'http://solback.example' })).ok).toBe(true);
  });
});
