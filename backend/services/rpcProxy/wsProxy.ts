// Upstream mode: browser websockets on /api/rpc share ONE websocket to the RPC (https→wss, same URL) instead of one
// each (RELIABILITY, trust). Requests get upstream-unique ids; each subscription id the upstream hands out is remembered with
// the client that asked, so notifications reach only that client; a client's subscriptions are dropped upstream when
// it leaves. Only subscription methods pass, at most MAX_SUBSCRIPTIONS_PER_SOCKET a socket.
import type { IncomingMessage } from 'http';
import type { Duplex } from 'stream';
import type { Logger } from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './rpcPolicy';

/** Exactly the websocket methods docs/RPC.md lists (the page and wallets need no others). */
export const WS_SUBSCRIPTIONS: ReadonlySet<string> = new Set([
  'signatureSubscribe',
  'accountSubscribe',
  'slotSubscribe',
]);
const unsubscribeOf = (method: string) => method.replace(/Subscribe$/, 'Unsubscribe');

interface Pending {
  client: WebSocket;
  id: unknown;
  method: string;
  unsubscribes?: number;
}

type Message = {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
};

export function createUpstreamWsProxy(rpcUrl: string, logger: Logger) {
  const upstreamUrl = rpcUrl.replace(/^http/, 'ws');
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  let upstream: WebSocket | null = null;
  let queued: string[] = [];
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const owners = new Map<number, { client: WebSocket; method: string }>();
  const byClient = new Map<WebSocket, Set<number>>();
  let upstreamSockets = 0;

  const toClient = (client: WebSocket, msg: unknown) =>
    client.readyState === WebSocket.OPEN && client.send(JSON.stringify(msg));

  function sendUpstream(msg: object) {
    const text = JSON.stringify(msg);
    const socket = connect();
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else queued.push(text);
  }

  function connect(): WebSocket {
    if (upstream) return upstream;
    const socket = new WebSocket(upstreamUrl);
    upstreamSockets++;
    upstream = socket;
    socket.on('open', () => queued.splice(0).forEach((t) => socket.send(t)));
    socket.on('message', (data) => onUpstream(String(data)));
    socket.on('error', (err) => logger.warn({ err: err.message }, 'upstream websocket error')); // message only: the URL may hold a key
    socket.on('close', () => {
      // Subscriptions died with the socket: clients reconnect and subscribe again (web3.js does).
      upstream = null;
      queued = [];
      pending.clear();
      owners.clear();
      for (const client of byClient.keys()) client.terminate();
      byClient.clear();
    });
    return socket;
  }

  function onUpstream(text: string) {
    let msg: Message;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof msg.id === 'number' && pending.has(msg.id)) {
      const p = pending.get(msg.id)!;
      pending.delete(msg.id);
      if (typeof msg.result === 'number' && WS_SUBSCRIPTIONS.has(p.method)) {
        owners.set(msg.result, { client: p.client, method: p.method });
        byClient.get(p.client)?.add(msg.result);
      }
      if (p.unsubscribes !== undefined && msg.result === true) {
        owners.delete(p.unsubscribes);
        byClient.get(p.client)?.delete(p.unsubscribes);
      }
      return toClient(p.client, {
        jsonrpc: '2.0',
        id: p.id,
        ...(msg.error ? { error: msg.error } : { result: msg.result }),
      });
    }
    const sub = (msg.params as { subscription?: unknown } | undefined)?.subscription;
    if (typeof msg.method === 'string' && typeof sub === 'number') {
      const owner = owners.get(sub);
      if (!owner) return;
      toClient(owner.client, msg);
      if (msg.method === 'signatureNotification') {
        owners.delete(sub); // one-shot upstream too
        byClient.get(owner.client)?.delete(sub);
      }
    }
  }

  function onClient(client: WebSocket, text: string) {
    let msg: Message;
    try {
      msg = JSON.parse(text);
    } catch {
      return toClient(client, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    const method = typeof msg.method === 'string' ? msg.method : '';
    const fail = (code: number, message: string) =>
      toClient(client, { jsonrpc: '2.0', id: msg.id ?? null, error: { code, message } });
    const mine = byClient.get(client)!;
    const params = Array.isArray(msg.params) ? msg.params : [];
    if (WS_SUBSCRIPTIONS.has(method)) {
      if (mine.size >= MAX_SUBSCRIPTIONS_PER_SOCKET)
        return fail(-32005, `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per socket`);
      const id = nextId++;
      pending.set(id, { client, id: msg.id, method });
      return sendUpstream({ jsonrpc: '2.0', id, method, params });
    }
    if (method.endsWith('Unsubscribe')) {
      const target = params[0];
      if (typeof target !== 'number' || !mine.has(target))
        return toClient(client, { jsonrpc: '2.0', id: msg.id ?? null, result: false });
      const id = nextId++;
      pending.set(id, { client, id: msg.id, method, unsubscribes: target });
      return sendUpstream({ jsonrpc: '2.0', id, method, params: [target] });
    }
    return fail(-32601, 'Method not allowed on this socket');
  }

  wss.on('connection', (client: WebSocket) => {
    byClient.set(client, new Set());
    connect();
    client.on('message', (data) => onClient(client, String(data)));
    client.on('close', () => {
      for (const sub of byClient.get(client) ?? []) {
        const owner = owners.get(sub);
        owners.delete(sub);
        if (owner && upstream?.readyState === WebSocket.OPEN)
          upstream.send(
            JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: unsubscribeOf(owner.method), params: [sub] }),
          );
      }
      byClient.delete(client);
    });
    client.on('error', () => client.terminate());
  });

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    /** How many upstream sockets were ever opened (tests: one for all clients). */
    get upstreamSocketsOpened() {
      return upstreamSockets;
    },
    /** Closes every client socket with `reason` (1001 "going away": the server is shutting down). */
    closeClients(reason: string) {
      wss.clients.forEach((c) => c.close(1001, reason));
    },
    close() {
      wss.clients.forEach((c) => c.terminate());
      wss.close();
      upstream?.terminate();
    },
  };
}
