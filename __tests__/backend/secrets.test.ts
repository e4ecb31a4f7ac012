// Secrets: the configured upstream URL and key reach no response, no log line and no bundle file; request bodies'
// keys, signatures and signed transactions are redacted from the (debug) logs of a real server process.
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { startServer, type TestServer } from './helpers';
import { eventually } from '../support/until';

jest.setTimeout(240_000);

const KEY = 'sk-live-3f9a1c77e0b24d6b9d1f00c0ffee1234';
const DAS_KEY = 'das-key-5b1e9d2a7c4f4e0f8a6b123456789abc';
const root = path.resolve(__dirname, '../..');

/** A JSON-RPC upstream that answers every method with an empty result (or an error for sends). */
function fakeUpstream(): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        let id: unknown = null;
        try {
          id = JSON.parse(body).id ?? null;
        } catch {
          /* batch or junk */
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
      });
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

let upstream: { server: http.Server; port: number };
let env: Record<string, string>;
beforeAll(async () => {
  upstream = await fakeUpstream();
  env = {
    SOLANA_RPC_URL: `http://127.0.0.1:${upstream.port}/v2/${KEY}?api-key=${KEY}`,
    DAS_URL: `http://127.0.0.1:${upstream.port}/das/?api-key=${DAS_KEY}`,
  };
});
afterAll(() => upstream.server.close());

const leaks = (text: string) => [KEY, DAS_KEY, `127.0.0.1:${upstream.port}`].filter((s) => text.includes(s));

describe('responses in upstream mode', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(env);
  });
  afterAll(() => s.close());

  it('never carry the upstream URL or key: /api/config, listings, errors, the RPC proxy', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const answers = [
      await s.get('/api/config'),
      await s.get(`/api/wallet-tokens/${wallet}`),
      await s.get(`/api/rent-estimate/${wallet}`),
      await s.get(`/api/helius/wallet/nfts/${wallet}`),
      await s.get(`/api/token-metadata/${wallet}`),
      await s.get(`/api/helius/asset-proof/${wallet}`),
      await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [wallet] }),
      await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getAsset', params: { id: wallet } }),
      await s.post('/api/burn-vacant-accounts', { ownerAddress: wallet, signedMessage: 'x' }),
    ];
    expect(answers[0].json.quicknodeRpcUrl).toBe(`${s.url}/api/rpc`);
    for (const a of answers) {
      expect(a.status).toBeLessThan(600);
      expect(leaks(a.text + JSON.stringify([...a.headers]))).toEqual([]);
    }
  });
});

describe('logs of a real server process at debug level', () => {
  let child: ChildProcess;
  let out = '';
  let url = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-secrets-'));
  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'debug', DATA_DIR: dir, DELEGATE_KEYPAIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => {
        const m = out.match(/running at (http:\/\/\S+)/);
        if (m) {
          clearInterval(t);
          url = m[1];
          resolve();
        }
      }, 100);
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
  });
  afterAll(() => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('redact secret keys, signatures and signed transactions wherever they sit in a body, and the upstream key', async () => {
    const kp = Keypair.generate();
    const secretKey58 = bs58.encode(kp.secretKey);
    const sig = nacl.sign.detached(new TextEncoder().encode('Authorize cNFT queue transfer: q'), kp.secretKey);
    const sig64 = Buffer.from(sig).toString('base64');
    const sig58 = bs58.encode(sig);
    const tx = new Transaction({ feePayer: kp.publicKey, recentBlockhash: bs58.encode(Buffer.alloc(32, 7)) }).add(
      SystemProgram.transfer({ fromPubkey: kp.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 }),
    );
    tx.sign(kp);
    const signedTx = tx.serialize().toString('base64');
    const id = kp.publicKey.toBase58();
    const post = (p: string, body: unknown) =>
      fetch(url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.text());
    const answers = [
      await post('/api/robust-transfer', { privateKeyBase58: secretKey58, assetId: id, destinationAddress: id }),
      await post('/api/submit-burn-transaction', { signedTransaction: signedTx, accountCount: 1 }),
      await post('/api/cnft/burn-request', { assetId: id, ownerAddress: id, signedMessage: sig64 }),
      await post('/api/queue/authorize', { queueId: 'abcdefgh-1234', ownerAddress: id, signature: sig58 }),
      await post('/api/batch-burn-nft', { nfts: [{ mint: id, tokenAccount: id, name: secretKey58 }], owner: id }),
      await post('/api/localnet/fund', { owner: id, extra: { deeper: [signedTx, { k: Array.from(kp.secretKey) }] } }),
      await post('/api/rpc', {
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [signedTx, { encoding: 'base64' }],
      }),
      await fetch(`${url}/api/config?api-key=${KEY}`).then((r) => r.text()),
    ];
    // Pino writes asynchronously: wait until the last request's line is out.
    await eventually(20_000, () => {
      expect(out).toContain('/api/robust-transfer');
      expect(out).toContain('/api/batch-burn-nft');
      expect(out).toContain('[redacted]');
      expect(out).toContain('/api/config');
    });
    const secrets = { secretKey58, sig64, sig58, signedTx, bytes: Array.from(kp.secretKey).join(',') };
    const found = Object.entries(secrets)
      .filter(([, v]) => out.includes(v))
      .map(([k]) => k);
    expect(found).toEqual([]);
    expect(leaks(out)).toEqual([]);
    for (const a of answers) expect(leaks(a)).toEqual([]);
  });
});

describe('production bundle', () => {
  it('built with the upstream URL and key in the environment, holds neither', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-bundle-'));
    try {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'node_modules/webpack-cli/bin/cli.js', '--mode', 'production', '--output-path', outDir],
        {
          cwd: root,
          env: { ...process.env, ...env },
          encoding: 'utf8',
          timeout: 900_000, // a hang guard only: a loaded machine takes minutes to build
        },
      );
      expect(r.status).toBe(0);
      const files = walk(outDir);
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      const dirs = [outDir, path.join(root, 'static', 'dist')].filter((d) => fs.existsSync(d));
      const offending = dirs.flatMap(walk).filter((f) => leaks(fs.readFileSync(f, 'latin1')).length > 0);
      expect(offending).toEqual([]);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
