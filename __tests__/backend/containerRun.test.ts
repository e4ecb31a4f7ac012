// What the image runs, without a container engine (none can build or run it on the test machines: README,
// "Container"): the Dockerfile's own CMD and HEALTHCHECK command, read from the file, run as an unprivileged user that
// can write nothing but DATA_DIR (the image's read-only root, with /tmp as its tmpfs). The server starts, /healthz
// answers, the HEALTHCHECK command exits 0, SIGTERM closes an open websocket with a reason, drains and exits 0, and
// the local chain was saved to DATA_DIR.
import { execFile, spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import WebSocket from 'ws';
import { SHUTDOWN_REASON } from '../../backend/app';
import { REPO_ROOT } from '../support/serverProcess';

jest.setTimeout(120_000);

const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
/** The runtime stage: everything after the last FROM. */
const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const instruction = (name: string) => {
  const m = new RegExp(`^${name} (.+)$`, 'm').exec(runtime);
  if (!m) throw new Error(`Dockerfile: no ${name} in the runtime stage`);
  return m[1];
};
const execForm = (text: string) => JSON.parse(text.slice(text.indexOf('['))) as string[];
const imageEnv = Object.fromEntries(
  [...instruction('ENV').matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]),
) as Record<string, string>;

// `nobody`: not the owner of the repository, so its files are read-only to the server, as the image's root is.
const UID = 65534;
const GID = 65534;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const describeAsRoot = asRoot ? describe : describe.skip;

describeAsRoot('the image command, as the image runs it', () => {
  it('runs as an unprivileged user writing only DATA_DIR; healthy; SIGTERM exits 0 after saving', async () => {
    expect(instruction('USER')).toBe('node');
    expect(instruction('STOPSIGNAL')).toBe('SIGTERM');
    expect(imageEnv.DATA_DIR).toBe('/data');
    const cmd = execForm(instruction('CMD'));
    const healthcheck = execForm(instruction('HEALTHCHECK').replace(/^.*?CMD /, ''));
    expect(cmd.slice(0, 3)).toEqual(['node', '--import', 'tsx']);

    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-image-'));
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    fs.chownSync(dataDir, UID, GID);
    const tmp = path.join(root, 'tmp'); // the image's tmpfs
    fs.mkdirSync(tmp, { mode: 0o700 });
    fs.chownSync(tmp, UID, GID);
    const env = {
      PATH: process.env.PATH!,
      ...imageEnv,
      PORT: '0', // the image's 3000 may be taken on a test machine
      DATA_DIR: dataDir,
      TMPDIR: tmp,
      HOME: tmp,
      LOCALNET_SLOT_MS: '400',
    };
    const proc = spawn(process.execPath, cmd.slice(1), { cwd: REPO_ROOT, env, uid: UID, gid: GID });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 90_000);
        proc.stdout.on('data', () => {
          const m = /SolBack running at (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        void exited.then(() => reject(new Error(`exited:\n${out}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const port = new URL(url).port;
      const health = await new Promise<number>((resolve) => {
        execFile(process.execPath, healthcheck.slice(1), { env: { ...env, PORT: port }, uid: UID, gid: GID }, (err) =>
          resolve(err ? Number((err as { code?: number }).code ?? 1) : 0),
        );
      });
      expect(health).toBe(0);
      // A wallet's websocket is open when SIGTERM comes: it is closed with "going away" and a reason.
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/rpc`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closed = new Promise<[number, string]>((resolve) =>
        socket.once('close', (code, reason) => resolve([code, reason.toString()])),
      );
      proc.kill('SIGTERM');
      expect(await closed).toEqual([1001, SHUTDOWN_REASON]);
      expect(await exited).toBe(0);
      expect(out).not.toMatch(/EACCES|EROFS/);
      const saved = fs.readdirSync(dataDir);
      expect(saved).toEqual(expect.arrayContaining(['delegate-keypair.json', 'localnet']));
      expect(fs.readdirSync(path.join(dataDir, 'localnet')).sort()).toEqual(['state.json', 'svm.bin']);
      for (const f of saved) expect(fs.statSync(path.join(dataDir, f)).uid).toBe(UID);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
