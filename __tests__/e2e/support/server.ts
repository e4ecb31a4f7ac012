// A real SolBack server for browser tests: createApp on the local chain, port 0, a temp DATA_DIR, silent logs.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { createApp, type SolbackApp } from '../../../backend/app';
import { loadConfig, type Config } from '../../../backend/config';
import { ROOT } from './buildBundle';

export interface TestServer {
  url: string;
  app: SolbackApp;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-e2e-'));
  const config = loadConfig(
    // E2E_LOG_LEVEL=info shows the server's request log while a browser test runs (timings of a slow flow).
    { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent', LOCALNET_FAULTS: '1' }, // the fault hooks are for tests (RELIABILITY, trust)
    { dataDir, memoryOnly: true, staticDir: path.join(ROOT, 'static'), ...overrides },
  );
  const app = await createApp(config);
  const { url } = await app.listen(0);
  return {
    url,
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to one of the server's `/api` routes and returns the parsed answer, whatever its status. */
export async function postApi(serverUrl: string, route: string, body: unknown): Promise<any> {
  const res = await fetch(`${serverUrl}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return await res.json();
}
