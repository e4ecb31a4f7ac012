// A SolBack server as its own OS process (`node --import tsx backend/main.ts`), for tests and the benchmark that
// need several processes (one Redis, one chain). Port 0; the URL is read from the line main.ts prints.
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

export const REPO_ROOT = path.join(__dirname, '..', '..');
/** Settings a test must choose itself, never inherit from the shell that runs it. */
const OWN_SETTINGS = [
  'PORT',
  'SOLANA_RPC_URL',
  'DAS_URL',
  'REDIS_URL',
  'DELEGATE_KEYPAIR',
  'DATA_DIR',
  'STATIC_DIR',
  'LOCALNET_FAULTS',
];

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** Everything the process printed (for failure messages). */
  output(): string;
  /** SIGTERM and wait for the exit (main.ts drains, saves and closes); how it exited. */
  stop(): Promise<ProcessExit>;
  /** SIGKILL: the process dies on the spot, mid-whatever, as on a crashed machine. */
  kill(): Promise<ProcessExit>;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `solback-${name}-`));
  const staticDir = path.join(dataDir, 'static');
  fs.mkdirSync(path.join(staticDir, 'dist'), { recursive: true });
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.includes(k)));
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dataDir, 'data'),
      STATIC_DIR: staticDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<ProcessExit>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      const m = /SolBack running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before starting:\n${out}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    return exited;
  };
  return {
    url,
    pid: proc.pid!,
    dataDir,
    output: () => out,
    stop: async () => {
      const exit = await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
      return exit;
    },
    kill: () => end('SIGKILL'),
  };
}
