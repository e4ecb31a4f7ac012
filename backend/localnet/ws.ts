// Websocket subscriptions over the Chain: signatureSubscribe (web3.js 1.x confirmTransaction waits on it),
// accountSubscribe and slotSubscribe, with their unsubscribes.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Chain } from './chain';
import { COMMITMENT_RANK, type Commitment, type SignatureRecord } from './chainTypes';
import { API_VERSION } from './rpc/methods';
import { encodeAccount, type AccountConfig } from './rpc/accounts';
import { isValidAddress } from './decode';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../services/rpcProxy/rpcPolicy';

type Sub =
  | { kind: 'signature'; ws: WebSocket; sig: string; commitment: Commitment }
  | { kind: 'account'; ws: WebSocket; pubkey: string; config: AccountConfig }
  | { kind: 'slot'; ws: WebSocket };

export class SubscriptionServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  private readonly subs = new Map<number, Sub>();
  private readonly perSocket = new Map<WebSocket, number>();
  private nextId = 1;

  private add(id: number, sub: Sub): void {
    this.subs.set(id, sub);
    this.perSocket.set(sub.ws, (this.perSocket.get(sub.ws) ?? 0) + 1);
  }

  private remove(id: number): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.subs.delete(id);
    const n = (this.perSocket.get(sub.ws) ?? 1) - 1;
    if (n <= 0) this.perSocket.delete(sub.ws);
    else this.perSocket.set(sub.ws, n);
  }

  constructor(private readonly chain: Chain) {
    chain.on('signature', this.onSignature);
    chain.on('accounts', this.onAccounts);
    chain.on('slot', this.onSlot);
    this.wss.on('connection', (ws) => {
      ws.on('message', (m) => this.onMessage(ws, m.toString()));
      ws.on('close', () => {
        for (const [id, s] of this.subs) if (s.ws === ws) this.subs.delete(id);
        this.perSocket.delete(ws);
      });
      ws.on('error', () => ws.terminate());
    });
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  /** Closes every client socket with `reason` (1001 "going away": the server is shutting down; clients reconnect). */
  closeClients(reason: string): void {
    for (const ws of this.wss.clients) ws.close(1001, reason);
  }

  close(): void {
    this.chain.off('signature', this.onSignature);
    this.chain.off('accounts', this.onAccounts);
    this.chain.off('slot', this.onSlot);
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    this.subs.clear();
  }

  private ctx(value: unknown) {
    return { context: { apiVersion: API_VERSION, slot: this.chain.slot() }, value };
  }

  private notify(ws: WebSocket, method: string, subscription: number, result: unknown): void {
    if (ws.readyState === ws.OPEN)
      ws.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }));
  }

  private onMessage(ws: WebSocket, text: string): void {
    let r: { id?: unknown; method?: unknown; params?: unknown };
    try {
      r = JSON.parse(text);
    } catch {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const reply = (result: unknown) => ws.send(JSON.stringify({ jsonrpc: '2.0', id: r.id ?? null, result }));
    const fail = (code: number, message: string) =>
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: r.id ?? null, error: { code, message } }));
    const params = Array.isArray(r.params) ? r.params : [];
    if (
      typeof r.method === 'string' &&
      r.method.endsWith('Subscribe') &&
      (this.perSocket.get(ws) ?? 0) >= MAX_SUBSCRIPTIONS_PER_SOCKET
    )
      return fail(-32005, `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per socket`);
    switch (r.method) {
      case 'signatureSubscribe': {
        if (typeof params[0] !== 'string') return fail(-32602, 'Invalid params');
        // The level asked for (a cluster's default is finalized); notified once the transaction reaches it.
        const asked = (params[1] as { commitment?: string } | undefined)?.commitment;
        const commitment: Commitment = asked === 'processed' || asked === 'confirmed' ? asked : 'finalized';
        const id = this.nextId++;
        reply(id);
        this.add(id, { kind: 'signature', ws, sig: params[0], commitment });
        this.checkSignatures();
        return;
      }
      case 'accountSubscribe': {
        if (!isValidAddress(params[0])) return fail(-32602, 'Invalid params');
        const config = (params[1] && typeof params[1] === 'object' ? params[1] : {}) as AccountConfig;
        const id = this.nextId++;
        this.add(id, { kind: 'account', ws, pubkey: params[0], config: { encoding: config.encoding } });
        return reply(id);
      }
      case 'slotSubscribe': {
        const id = this.nextId++;
        this.add(id, { kind: 'slot', ws });
        return reply(id);
      }
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe': {
        const s = this.subs.get(params[0] as number);
        const ok = !!s && s.ws === ws;
        if (ok) this.remove(params[0] as number);
        return reply(ok);
      }
      default:
        return fail(-32601, 'Method not found');
    }
  }

  /** Notifies every signature subscription whose transaction has reached the commitment it asked for. */
  private checkSignatures(): void {
    for (const [id, s] of this.subs) {
      if (s.kind !== 'signature') continue;
      const rec = this.chain.visibleStatus(s.sig);
      if (!rec || COMMITMENT_RANK[this.chain.commitmentOf(rec)] < COMMITMENT_RANK[s.commitment]) continue;
      this.remove(id);
      this.notify(s.ws, 'signatureNotification', id, this.ctx({ err: rec.err }));
    }
  }

  // A landed transaction moves to `confirmed` after confirmAfterMs and to `finalized` as slots advance.
  private onSignature = (_sig: string, _rec: SignatureRecord): void => {
    this.checkSignatures();
    if (this.chain.confirmAfterMs > 0) setTimeout(() => this.checkSignatures(), this.chain.confirmAfterMs + 1).unref();
  };

  private onAccounts = (keys: string[]): void => {
    const wanted = new Set(keys);
    const send = () => {
      for (const [id, s] of this.subs) {
        if (s.kind !== 'account' || !wanted.has(s.pubkey)) continue;
        const acc = this.chain.getAccount(s.pubkey) ?? {
          lamports: 0n,
          data: new Uint8Array(0),
          owner: '11111111111111111111111111111111',
          executable: false,
        };
        this.notify(s.ws, 'accountNotification', id, this.ctx(encodeAccount(this.chain, s.pubkey, acc, s.config)));
      }
    };
    if (this.chain.confirmationDelayMs > 0) setTimeout(send, this.chain.confirmationDelayMs).unref();
    else send();
  };

  private onSlot = (slot: number): void => {
    this.checkSignatures();
    for (const [id, s] of this.subs)
      if (s.kind === 'slot')
        this.notify(s.ws, 'slotNotification', id, { parent: slot - 1, root: Math.max(0, slot - 32), slot });
  };
}
