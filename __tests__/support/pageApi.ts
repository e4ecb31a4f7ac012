// The page's /api calls in a Node test as the page makes them: a real store (its RTK Query endpoints, one base query,
// the spec's time-outs and retries) talking over HTTP to a forwarding server in front of the test app. The forwarding
// server records each request, and a test may rewrite an answer (a server that sends a broken proof, say).
import http from 'http';
import type { AddressInfo } from 'net';
import { setApiOrigin } from '../../src/api/baseApi';
import { makeStore } from '../../src/app/store';
import { stopStore } from './stopStore';

export interface ForwardedRequest {
  /** The path after `/api/`, query included. */
  path: string;
  body: string;
}
/** Returns the answer to send instead of `answer` (parsed JSON), or undefined to send it as the app gave it. */
export type Rewrite = (path: string, answer: unknown) => unknown;

export interface PageApi {
  store: ReturnType<typeof makeStore>;
  requests: ForwardedRequest[];
  rewrite(fn: Rewrite | null): void;
  close(): Promise<void>;
}

/** A store whose /api calls reach `target` (the test app's URL) through a recording, rewriting server. */
export async function startPageApi(target: string): Promise<PageApi> {
  const requests: ForwardedRequest[] = [];
  let rewrite: Rewrite | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').replace(/^\/api\//, '');
      requests.push({ path, body });
      void (async () => {
        const answer = await fetch(target + (req.url ?? '/'), {
          method: req.method,
          headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
          body: body || undefined,
        });
        let text = await answer.text();
        const changed = rewrite?.(path, JSON.parse(text));
        if (changed !== undefined) text = JSON.stringify(changed);
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(text);
      })().catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: String(err) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setApiOrigin(`http://127.0.0.1:${port}`);
  const store = makeStore();
  return {
    store,
    requests,
    rewrite: (fn) => (rewrite = fn),
    close: async () => {
      stopStore(store);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
