// Websocket upgrades on /api/rpc skip Koa's middleware, so they pass this gate instead (RELIABILITY, trust): a browser's
// Origin must be the page's own (or one of ALLOWED_ORIGINS), each client opens at most so many sockets at once and
// so many per minute. Clients without an Origin header are not browsers (a page cannot omit it) and are let through.
// A client is an IPv4 address or an IPv6 /64 (rateLimit.ts clientKey), and its wider prefixes have a few clients'
// worth of sockets (services/limits/prefixAllowance.ts): 40 of 40 sockets once opened from fresh addresses of one /64.
import type { IncomingMessage } from 'http';
import { LRUCache } from 'lru-cache';
import type { TrustProxy } from '../config';
import { PrefixCounts } from '../services/limits/prefixAllowance';
import { clientIp, isLoopback, publicOrigin } from './proxyTrust';
import { clientKey } from './rateLimit';

export const MAX_SOCKETS_PER_CLIENT = 16;
export const MAX_UPGRADES_PER_MINUTE = 60;
/** Clients whose upgrades of the last minute are remembered. */
export const MAX_TRACKED_UPGRADE_CLIENTS = 50_000;
const MINUTE_MS = 60_000;

export interface UpgradeGateOptions {
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  maxSocketsPerClient?: number;
  upgradesPerMinute?: number;
  now?: () => number;
}

export type Verdict = { ok: true; release(): void } | { ok: false; status: 403 | 429; reason: string };

export function createUpgradeGate(opts: UpgradeGateOptions) {
  const maxSockets = opts.maxSocketsPerClient ?? MAX_SOCKETS_PER_CLIENT;
  const perMinute = opts.upgradesPerMinute ?? MAX_UPGRADES_PER_MINUTE;
  const now = opts.now ?? Date.now;
  // Sockets open now: not a cache (forgetting one would lift the cap), each entry goes when its last socket closes.
  const open = new PrefixCounts(maxSockets);
  // npm lru-cache. Recency is what a window wants: the client that upgraded longest ago has the fewest upgrades still
  // counted (first sight would drop a busy client's count first), and an entry lapses a minute after its last upgrade.
  const recent = new LRUCache<string, number[]>({
    max: MAX_TRACKED_UPGRADE_CLIENTS,
    ttl: MINUTE_MS,
    perf: { now },
    ttlResolution: 0,
  });

  function originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    const { protocol, host } = publicOrigin(req, opts.trustProxy);
    const own = [`${protocol}://${host}`, `http://${host}`, `https://${host}`];
    return own.includes(origin) || opts.allowedOrigins.includes(origin);
  }

  return {
    admit(req: IncomingMessage): Verdict {
      if (!originAllowed(req)) return { ok: false, status: 403, reason: 'origin not allowed' };
      const ip = clientIp(req, opts.trustProxy);
      if (isLoopback(ip)) return { ok: true, release: () => undefined }; // the operator itself, as for /api
      const client = clientKey(ip);
      const t = now();
      const times = (recent.peek(client) ?? []).filter((x) => t - x < MINUTE_MS); // a refusal leaves the order alone
      if (times.length >= perMinute || !open.take(client))
        return { ok: false, status: 429, reason: 'too many sockets' };
      times.push(t);
      recent.set(client, times);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          open.giveBack(client);
        },
      };
    },
  };
}

/** Refuses an upgrade on the raw socket with a plain HTTP status. */
const REASONS = { 403: 'Forbidden', 429: 'Too Many Requests', 503: 'Service Unavailable' } as const;

export function refuseUpgrade(
  socket: { write(s: string): unknown; destroy(): void },
  status: keyof typeof REASONS,
): void {
  socket.write(`HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
