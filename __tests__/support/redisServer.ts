// A real redis-server (Debian's package) for tests: started on a free port in a temp folder, stopped afterwards.
// Suites that need it use `describeWithRedis`, which skips them with a clear message where redis-server is not
// installed, and fails them under CI=true (CI installs it: .ci/run).
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';
import { Redis } from 'ioredis';

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
export const redisInstalled = fs.existsSync(REDIS_SERVER);

export interface TestRedis {
  url: string;
  port: number;
  /** A fresh client of this server (closed by `stop`). */
  client(): Redis;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-redis-'));
  const port = await freePort();
  // No persistence: the data lives as long as the test.
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
  ];
  const proc: ChildProcess = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const clients: Redis[] = [];
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // refused until the server listens: expected while it starts
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      probe.disconnect();
      if (Date.now() - started > 10_000) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server did not answer on ${port}: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  probe.disconnect();
  return {
    url,
    port,
    client() {
      const c = new Redis(url, { maxRetriesPerRequest: 1 });
      clients.push(c);
      return c;
    },
    async stop() {
      for (const c of clients) if (c.status !== 'end') c.disconnect();
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `describe` when redis-server is installed; otherwise the suite is skipped and says why. */
export function describeWithRedis(name: string, fn: () => void): void {
  if (redisInstalled) return describe(name, fn);
  // CI installs redis-server (.ci/run): missing there, the suite fails instead of passing with nothing run.
  if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${REDIS_SERVER} (CI=true: a missing Redis fails the run)`, () => {
        throw new Error(`${REDIS_SERVER} is not installed; CI must install it (apt-get install redis-server)`);
      });
    });
    return;
  }
  describe(name, () => {
    it.skip(`skipped: ${REDIS_SERVER} is not installed (apt-get install redis-server; CI installs it)`, () =>
      undefined);
  });
  console.warn(`${name}: skipped, ${REDIS_SERVER} is not installed (apt-get install redis-server)`);
}
