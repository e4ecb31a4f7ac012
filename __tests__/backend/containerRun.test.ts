// What the image runs, without a container engine (none can build or run it on the test machines: README,
// "Container"): the Dockerfile's own CMD and HEALTHCHECK command, read from the file, run as an unprivileged user that
// can write nothing but DATA_DIR (the image's read-only root, with /tmp as its tmpfs), in a copy of what the image's
// /app holds (its runtime stage's COPY lines: package.json, node_modules, static and the server compiled to
// dist/server as `npm run build:server` does). The copy sits in the system's temporary folder, so the test runs
// wherever the repository is cloned, even under a folder other users cannot enter (/root, mode 700). The command
// runs compiled JavaScript, no tsx. The server starts, /healthz answers, the HEALTHCHECK command exits 0, SIGTERM
// closes an open websocket with a reason, drains and exits 0, and the local chain was saved to DATA_DIR.
import { execFile, execFileSync, spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import WebSocket from 'ws';
import { SHUTDOWN_REASON } from '../../backend/app';
import { REPO_ROOT } from '../support/serverProcess';

jest.setTimeout(240_000);

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
// Only root can start a process as another user: elsewhere the test is skipped, and its title says so.
const describeAsRoot = asRoot ? describe : describe.skip;

/** The runtime stage's `COPY --from=build /app/<from> <to>` lines. */
const runtimeCopies = [...runtime.matchAll(/^COPY --from=build (.+)$/gm)].flatMap((m) => {
  const parts = m[1].trim().split(/\s+/);
  const to = parts.pop()!;
  return parts.map((from) => ({ from: path.relative('/app', from), to }));
});

/** Copies `from` (of the repository) to `to`: hard links where the file system allows (node_modules is large). */
function copyInto(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    execFileSync('cp', ['-al', from, to]);
  } catch {
    fs.rmSync(to, { recursive: true, force: true });
    execFileSync('cp', ['-a', from, to]);
  }
}

/** The image's /app in `app`: each runtime COPY from the repository, and dist/server compiled into place. */
function buildApp(app: string) {
  for (const { from, to } of runtimeCopies) {
    const target = to.endsWith('/') || to === './' ? path.join(app, to, path.basename(from)) : path.join(app, to);
    if (from === 'dist/server') {
      // The build stage's `npm run build:server`; the types are checked by `npm run typecheck`, so emit only here.
      execFileSync(process.execPath, [
        path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        path.join(REPO_ROOT, 'tsconfig.server.json'),
        '--noCheck',
        '--outDir',
        target,
      ]);
    } else if (fs.existsSync(path.join(REPO_ROOT, from))) copyInto(path.join(REPO_ROOT, from), target);
  }
}

describeAsRoot(
  `the image command, as the image runs it${asRoot ? '' : ' (skipped: only root can run it as nobody)'}`,
  () => {
    it('runs as an unprivileged user writing only DATA_DIR; healthy; SIGTERM exits 0 after saving', async () => {
      expect(instruction('USER')).toBe('node');
      expect(instruction('STOPSIGNAL')).toBe('SIGTERM');
      expect(imageEnv.DATA_DIR).toBe('/data');
      const cmd = execForm(instruction('CMD'));
      const healthcheck = execForm(instruction('HEALTHCHECK').replace(/^.*?CMD /, ''));
      expect(cmd[0]).toBe('node');
      expect(cmd.join(' ')).not.toMatch(/tsx|\.ts\b/); // compiled JavaScript only
      expect(runtimeCopies.map((c) => c.from)).toEqual(expect.arrayContaining(['dist/server', 'node_modules']));

      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-image-'));
      fs.chmodSync(root, 0o755);
      const app = path.join(root, 'app');
      fs.mkdirSync(app, { mode: 0o755 });
      buildApp(app);
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
      const proc = spawn(process.execPath, cmd.slice(1), { cwd: app, env, uid: UID, gid: GID });
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
  },
);
