// A tiny http + websocket server around Localnet.handleRpc / handleUpgrade, so a stock web3.js Connection can talk
// to the local chain in tests (the app's Koa route does the same job in production).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection } from '@solana/web3.js';
import type { Localnet } from '../../../backend/localnet';

export interface RpcServer {
  url: string;
  wsUrl: string;
  connection: Connection;
  close(): Promise<void>;
}

export async function startRpcServer(localnet: Localnet): Promise<RpcServer> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => void answer());
    const answer = async () => {
      let status = 200;
      let out: unknown;
      try {
        const t0 = Date.now();
        out = await localnet.handleRpc(JSON.parse(body));
        if (process.env.RPC_DEBUG) console.log('rpc', JSON.parse(body).method, Date.now() - t0, 'ms');
      } catch (e) {
        const err = e as { httpStatus?: number; code?: number; message?: string };
        status = err.httpStatus ?? 500;
        out = { jsonrpc: '2.0', id: null, error: { code: err.code ?? -32603, message: err.message } };
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    };
  });
  // Longer than web3.js's keep-alive agent keeps idle sockets, so a request never races the server closing its socket.
  server.keepAliveTimeout = 65_000;
  server.on('upgrade', (req, socket, head) => localnet.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;
  const connection = new Connection(url, { commitment: 'confirmed', wsEndpoint: wsUrl, disableRetryOnRateLimit: true });
  return {
    url,
    wsUrl,
    connection,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
