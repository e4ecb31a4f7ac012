// A real SolBack server for browser tests: the tests' one app starter (`__tests__/backend/helpers.ts`) on the local
// chain, port 0, a temp DATA_DIR, silent logs, serving the built page from static/.
import path from 'path';
import type { SolbackApp } from '../../../backend/app';
import type { Config } from '../../../backend/config';
import { startServer as startApp } from '../../backend/helpers';
import { ROOT } from './buildBundle';

export interface TestServer {
  url: string;
  app: SolbackApp;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  // E2E_LOG_LEVEL=info shows the server's request log while a browser test runs (timings of a slow flow).
  const server = await startApp(process.env.E2E_LOG_LEVEL ? { LOG_LEVEL: process.env.E2E_LOG_LEVEL } : {}, {
    withIndex: false,
    overrides: { staticDir: path.join(ROOT, 'static'), ...overrides },
  });
  return { url: server.url, app: server.solback, close: server.close };
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
