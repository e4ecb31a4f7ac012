import fs from 'fs';
import os from 'os';
import path from 'path';
import { createApp, type SolbackApp } from '../../backend/app';
import { loadConfig, type Config } from '../../backend/config';

export interface TestServer {
  solback: SolbackApp;
  url: string;
  dir: string;
  get(p: string): Promise<{ status: number; headers: Headers; json: any; text: string }>;
  post(
    p: string,
    body: unknown,
    init?: { raw?: boolean; contentType?: string },
  ): Promise<{ status: number; headers: Headers; json: any; text: string }>;
  close(): Promise<void>;
}

export const INDEX_HTML =
  '<!doctype html><html><head><title>SolBack</title></head><body><div id="root"></div><script src="/static/dist/main.0123abcd.js"></script></body></html>';

/** A response's status, headers, body text and JSON (undefined when the body is not JSON). */
export async function readResponse(
  res: Response,
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * A real app over HTTP on port 0: the one place tests create the app (backend, integration and e2e alike).
 * A temp folder holds its data and (unless `withIndex: false`) a stand-in built page; `dir` names a folder to use and
 * keep instead (a restart on the same DATA_DIR, with `overrides: { memoryOnly: false }`). `env` is the settings as the
 * environment would give them.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { withIndex?: boolean; overrides?: Partial<Config>; dir?: string } = {},
): Promise<TestServer> {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'solback-test-'));
  const staticDir = path.join(dir, 'static');
  fs.mkdirSync(path.join(staticDir, 'dist'), { recursive: true });
  if (opts.withIndex !== false) {
    fs.writeFileSync(path.join(staticDir, 'dist', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(staticDir, 'dist', 'main.0123abcd.js'), 'console.log("hi")');
  }
  fs.writeFileSync(path.join(staticDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the static folder');
  const config = loadConfig(
    { LOG_LEVEL: 'silent', LOCALNET_FAULTS: '1', ...env },
    { dataDir: path.join(dir, 'data'), staticDir, memoryOnly: true, ...opts.overrides },
  );
  const solback = await createApp(config);
  const { url } = await solback.listen(0);
  return {
    solback,
    url,
    dir,
    get: async (p) => readResponse(await fetch(url + p)),
    post: async (p, body, init = {}) =>
      readResponse(
        await fetch(url + p, {
          method: 'POST',
          headers: { 'content-type': init.contentType ?? 'application/json' },
          body: init.raw ? (body as string) : JSON.stringify(body),
        }),
      ),
    async close() {
      await solback.close();
      if (!opts.dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One pass of the app's queue worker, waited for to its end (and to the end of any queue it set going): the event
 * after which a test may check that a queue did not run.
 */
export async function queueWorkerPassed(solback: SolbackApp): Promise<void> {
  solback.queue.worker.kick();
  await solback.queue.worker.idle();
}
