// `npm start` as a newcomer runs it: the real script, a real process, the page and the local chain over HTTP.
// (globalSetup has built the bundle, so the script's own staleness check finds nothing to build.)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';

const root = path.join(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms; output:\n${out}`)), ms);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}; output:\n${out}`));
    });
  });
}

describe('npm start', () => {
  let child: ChildProcess | undefined;
  let listeningPort = 0;
  let output = ''; // everything npm, the start script and the server printed
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-start-'));
  afterAll(async () => {
    if (child && child.exitCode === null) {
      // 'close' fires once every process holding the output pipes is gone, i.e. the server has saved and exited too.
      const closed = new Promise((r) => child!.once('close', r));
      process.kill(-child.pid!, 'SIGTERM'); // the whole group: npm, the start script, tsx and the server
      await closed;
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('serves the page and the local chain, and prints the URL', async () => {
    const port = (listeningPort = await freePort());
    child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk));
    const printed = await waitForLine(child, /SolBack running at http:\/\/localhost:\d+/, 90_000);
    expect(printed).toBe(`SolBack running at http://localhost:${port}`);
    const url = `http://localhost:${port}`;

    const html = await (await fetch(`${url}/`)).text();
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src.startsWith('/static/dist/')).toBe(true);
    const runtime = await Promise.all(scripts.map(async (src) => (await fetch(`${url}${src}`)).text()));
    expect(runtime.join('\n')).toContain('120000'); // the webpack chunk-load time-out

    const config = await (await fetch(`${url}/api/config`)).json();
    expect(config).toMatchObject({ success: true, localnet: true, quicknodeRpcUrl: `${url}/api/rpc` });
    const owner = Keypair.generate().publicKey.toBase58();
    const funded = await fetch(`${url}/api/localnet/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner }),
    });
    expect(((await funded.json()) as { success: boolean }).success).toBe(true);
    const tokens = (await (await fetch(`${url}/api/wallet-tokens/${owner}`)).json()) as {
      success: boolean;
      tokens: unknown[];
    };
    expect(tokens.success).toBe(true);
    expect(tokens.tokens.length).toBeGreaterThan(0);
  }, 120_000);

  it('SIGTERM to the npm process stops the server within the drain time: it drains, exits, and the port is free', async () => {
    expect(child?.exitCode).toBeNull();
    // 'close' fires once every process holding the output pipes is gone: npm, the start script, tsx and the server.
    const closed = new Promise((r) => child!.once('close', r));
    process.kill(child!.pid!, 'SIGTERM'); // npm alone, as a process manager or a terminal's kill does
    await closed;
    const stillListening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(listeningPort, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    expect(stillListening).toBe(false);
    // The server got the signal and ended through its drain (backend/main.ts): its own guard, which fires once the
    // drain time is over by 15 s, never had to end it.
    expect(output).toMatch(/SIGTERM: draining \(up to \d+ ms\), saving and shutting down/);
    expect(output).not.toContain('Shutdown did not finish in time');
  }, 120_000);
});
