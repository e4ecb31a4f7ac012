import type { IncomingMessage } from 'http';
import type { Duplex } from 'stream';
import type { Logger } from 'pino';
import WebSocket, { WebSocketServer } from 'ws';

/** Upstream mode: pipes a browser websocket on /api/rpc to the RPC's websocket (https→wss, same URL). */
export function createUpstreamWsProxy(rpcUrl: string, logger: Logger) {
  const upstreamUrl = rpcUrl.replace(/^http/, 'ws');
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  wss.on('connection', (client: WebSocket) => {
    const upstream = new WebSocket(upstreamUrl);
    const pending: WebSocket.RawData[] = [];
    client.on('message', (data) => (upstream.readyState === WebSocket.OPEN ? upstream.send(data) : pending.push(data)));
    upstream.on('open', () => pending.splice(0).forEach((d) => upstream.send(d)));
    upstream.on('message', (data, isBinary) => client.readyState === WebSocket.OPEN && client.send(data, { binary: isBinary }));
    const closeBoth = () => {
      client.terminate();
      upstream.terminate();
    };
    upstream.on('close', closeBoth);
    client.on('close', closeBoth);
    upstream.on('error', (err) => {
      logger.warn({ err: err.message }, 'upstream websocket error'); // message only: the URL may hold a key
      closeBoth();
    });
    client.on('error', closeBoth);
  });
  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      wss.clients.forEach((c) => c.terminate());
      wss.close();
    },
  };
}
