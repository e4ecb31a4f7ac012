import { Keypair } from '@solana/web3.js';
import { startServer, type TestServer } from './helpers';

const wallet = Keypair.generate().publicKey.toBase58();

describe('server basics (local mode)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('GET /api/config points the browser at this server', async () => {
    const { status, json } = await s.get('/api/config');
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, quicknodeRpcUrl: `${s.url}/api/rpc`, localnet: true });
    expect(json.trashWallet).toBe(s.solback.config.trashWallet);
    expect(json.feeWallet).toBe(s.solback.config.feeWallet);
    expect(json.delegate).toBe(s.solback.delegate!.publicKey.toBase58());
    expect(json).not.toHaveProperty('solscanApiKey');
  });

  it('serves the page for / and for client routes, with one root element', async () => {
    for (const p of ['/', '/some/route']) {
      const { status, text, headers } = await s.get(p);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/html/);
      expect(text.match(/<div id="root">/g)).toHaveLength(1);
    }
  });

  it('serves static files, hashed ones with a long cache, and never outside the folder', async () => {
    const js = await s.get('/static/dist/main.0123abcd.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toMatch(/immutable/);
    expect((await s.get('/static/logo.svg')).status).toBe(200);
    for (const p of [
      '/static/',
      '/static/dist/',
      '/static/../secret.txt',
      '/static/%2e%2e/secret.txt',
      '/static/..%2fsecret.txt',
      '/static/dist/nothing.js',
    ]) {
      const r = await s.get(p);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.text).not.toContain('outside the static folder');
    }
  });

  it('sends security headers with a CSP the app and wallets can live with', async () => {
    const { headers } = await s.get('/');
    const csp = headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const { status, json } = await s.get('/api/no-such-thing');
    expect(status).toBe(404);
    expect(json).toEqual({ success: false, error: expect.stringContaining('/api/no-such-thing') });
  });

  it('answers a wrong method with a JSON 405', async () => {
    const { status, json } = await s.get('/api/localnet/fund');
    expect(status).toBe(405);
    expect(json.success).toBe(false);
  });

  it('refuses an invalid wallet address with 400', async () => {
    for (const bad of ['abc', '0OIl' + 'x'.repeat(40), 'x'.repeat(60)]) {
      const { status, json } = await s.get(`/api/wallet-tokens/${bad}`);
      expect(status).toBe(400);
      expect(json).toEqual({ success: false, error: expect.stringMatching(/wallet: must be a base58 Solana address/) });
    }
    expect((await s.get(`/api/helius/wallet/nfts/abc`)).status).toBe(400);
    expect((await s.get(`/api/token-metadata/abc`)).status).toBe(400);
  });

  it('refuses unknown fields, bad values and bad JSON with a clear 400', async () => {
    let r = await s.post('/api/localnet/fund', { owner: wallet, extra: 1 });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/unknown field extra/);
    r = await s.post('/api/localnet/fund', { owner: wallet, profile: 'huge' });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/profile/);
    r = await s.post('/api/localnet/fund', {});
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/owner/);
    r = await s.post('/api/localnet/fund', '{"owner": ', { raw: true });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ success: false, error: 'Request body is not valid JSON' });
    r = await s.get(`/api/wallet-tokens/${wallet}?unexpected=1`);
    expect(r.status).toBe(400);
  });

  it('refuses a body over 1 MB with 413 JSON', async () => {
    const r = await s.post('/api/localnet/fund', { owner: wallet, pad: 'x'.repeat(1_100_000) });
    expect(r.status).toBe(413);
    expect(r.json.success).toBe(false);
  });

  it('answers fault hooks and validates them', async () => {
    expect((await s.post('/api/localnet/faults', { delayConfirmations: { ms: 0 } })).json).toEqual({ success: true });
    expect((await s.post('/api/localnet/faults', {})).status).toBe(400);
    expect((await s.post('/api/localnet/faults', { failNextSends: { n: 1, kind: 'boom' } })).status).toBe(400);
  });

  it('answers invalid JSON-RPC bodies in JSON-RPC form', async () => {
    const r = await s.post('/api/rpc', { hello: 1 });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32600);
  });
});

describe('without a built front end', () => {
  it('answers a clear 503 page telling to run npm run build', async () => {
    const s = await startServer({}, { withIndex: false });
    try {
      const { status, text } = await s.get('/');
      expect(status).toBe(503);
      expect(text).toContain('npm run build');
      expect((await s.get('/api/config')).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('upstream mode', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({
      SOLANA_RPC_URL: 'http://upstream.invalid/?api-key=SECRET',
      SOLSCAN_API_KEY: 'public-solscan',
    });
  });
  afterAll(() => s.close());

  it('never leaks the upstream URL or key through /api/config', async () => {
    const { status, json, text } = await s.get('/api/config');
    expect(status).toBe(200);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('upstream.invalid');
    expect(json).toMatchObject({
      quicknodeRpcUrl: `${s.url}/api/rpc`,
      localnet: false,
      solscanApiKey: 'public-solscan',
      delegate: null,
    });
  });

  it('has no local chain endpoints', async () => {
    const { status, json } = await s.post('/api/localnet/fund', { owner: wallet });
    expect(status).toBe(404);
    expect(json.success).toBe(false);
  });

  it('answers 503 without leaking anything when the upstream cannot be reached', async () => {
    const tokens = await s.get(`/api/wallet-tokens/${wallet}`);
    expect(tokens.status).toBe(503);
    expect(tokens.json).toEqual({ success: false, error: 'Token service temporarily unavailable' });
    const rpc = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getSlot' });
    expect(rpc.status).toBe(503);
    expect(rpc.text).not.toMatch(/SECRET|upstream\.invalid/);
  });
});
