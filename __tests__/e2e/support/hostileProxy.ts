// A hostile proxy for the browser tests (PRODUCT difference 10): a real HTTP server on a free loopback port in front of the real
// SolBack server. The page is loaded through it; every request (and the /api/rpc websocket) goes on to the server
// unchanged, and the JSON answers of the paths a test names are rewritten on the way back, as a lying server would
// answer. The Host header is passed as it came, so the server takes the proxy's address for its own (the page's RPC
// URL and the websocket origin check then point at the proxy).
import http from 'http';
import net from 'net';

export interface AnswerRewrite {
  /** Matched against the request's path (with its query). */
  path: RegExp;
  /** The answer's parsed JSON and the request's, if any; returns what the page receives. */
  rewrite(answer: any, request: any): any;
}

export interface HostileProxy {
  url: string;
  /** The rewrites now in force; tests replace them case by case. */
  rules: AnswerRewrite[];
  /** How many answers each path pattern rewrote, by `String(rule.path)` (reset with `hits.clear()`). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const readAll = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const parse = (b: Buffer) => {
  try {
    return b.length ? JSON.parse(b.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
};

export async function startHostileProxy(target: string): Promise<HostileProxy> {
  const upstream = new URL(target);
  const host = upstream.hostname === 'localhost' ? '127.0.0.1' : upstream.hostname;
  const proxy: HostileProxy = { url: '', rules: [], hits: new Map(), close: async () => undefined };
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const body = await readAll(req);
      const rule = proxy.rules.find((r) => r.path.test(req.url ?? ''));
      const headers = { ...req.headers };
      if (rule) headers['accept-encoding'] = 'identity'; // a JSON body the proxy can read and rewrite
      const reply = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const out = http.request({ host, port: upstream.port, method: req.method, path: req.url, headers }, resolve);
        out.on('error', reject);
        out.end(body);
      });
      if (!rule || !String(reply.headers['content-type'] ?? '').includes('json')) {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        return;
      }
      const json = parse(await readAll(reply));
      const rewritten = Buffer.from(JSON.stringify(rule.rewrite(json, parse(body))));
      proxy.hits.set(String(rule.path), (proxy.hits.get(String(rule.path)) ?? 0) + 1);
      const { 'content-length': _length, 'transfer-encoding': _te, etag: _etag, ...rest } = reply.headers;
      res.writeHead(reply.statusCode ?? 200, { ...rest, 'content-length': String(rewritten.length) });
      res.end(rewritten);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: `proxy: ${(err as Error).message}` }));
    }
  }

  // Websocket upgrades (/api/rpc subscriptions): the request head is replayed to the server, then bytes flow both ways.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const out = net.connect(Number(upstream.port), host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      out.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) out.write(head);
      out.pipe(socket).pipe(out);
    });
    for (const s of [socket, out]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    socket.on('close', () => out.destroy());
    out.on('close', () => socket.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
