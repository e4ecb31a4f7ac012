// A second chain endpoint for the browser tests of the second chain reader (RELIABILITY, the second reader): a real
// HTTP server on its own loopback port (so another origin, which the page may reach only when its CSP allows it) that
// answers JSON-RPC by asking the real server's /api/rpc directly, past any hostile proxy, with the CORS headers a
// public RPC sends. It counts the methods it was asked, so a test sees that the page really read it.
import http from 'http';
import type { AddressInfo } from 'net';

export interface SecondRpc {
  url: string;
  origin: string;
  /** Calls per JSON-RPC method. */
  methods: Map<string, number>;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '600',
};

/** `serverUrl` may be given later (a function): the server the reader is offered by starts after it. */
export async function startSecondRpc(serverUrl: string | (() => string)): Promise<SecondRpc> {
  const target = typeof serverUrl === 'string' ? () => serverUrl : serverUrl;
  const methods = new Map<string, number>();
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      for (const call of [JSON.parse(body)].flat()) methods.set(call.method, (methods.get(call.method) ?? 0) + 1);
      const reply = await fetch(`${target()}/api/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(reply.status, { ...CORS, 'content-type': 'application/json' }).end(await reply.text());
    } catch (err) {
      res.writeHead(502, CORS).end(String(err));
    }
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
