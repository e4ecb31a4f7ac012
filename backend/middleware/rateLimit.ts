import type { IncomingMessage } from 'http';
import type { Context, Middleware } from 'koa';
import type { TrustProxy } from '../config';
import { RateLimitedError } from '../errors';
import { clientIp, isLoopback } from './proxyTrust';

export interface RateLimitOptions {
  /** Requests per minute per client on /api (0 = off). */
  perMinute: number;
  /** Requests per minute per client on /api/rpc, which wallets poll (0 = off). */
  rpcPerMinute: number;
  /** Most clients remembered at once; beyond it the oldest are forgotten (memory stays bounded under a flood). */
  maxClients?: number;
  now?: () => number;
  /** TRUST_PROXY: whose X-Forwarded-For is read (off by default). */
  trustProxy?: TrustProxy;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token bucket per client address on /api: a client may burst up to one minute's allowance, then gets the
 * allowance spread over the minute. Over it: 429 `{success:false, error}` with Retry-After.
 */
export function rateLimit(opts: RateLimitOptions): Middleware {
  const now = opts.now ?? Date.now;
  const maxClients = opts.maxClients ?? 50_000;
  const buckets = new Map<string, Bucket>();

  const take = (key: string, perMinute: number): number => {
    const t = now();
    let b = buckets.get(key);
    if (b) {
      b.tokens = Math.min(perMinute, b.tokens + ((t - b.at) * perMinute) / 60_000);
      b.at = t;
      buckets.delete(key); // re-insert: the Map's order is then least recently seen first
    } else {
      b = { tokens: perMinute, at: t };
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!);
    }
    buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) * 60_000) / perMinute / 1000);
  };

  return async (ctx, next) => {
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (!isApi) return next();
    const isRpc = ctx.path === '/api/rpc';
    const perMinute = isRpc ? opts.rpcPerMinute : opts.perMinute;
    const client = clientAddress(ctx, opts.trustProxy);
    if (perMinute <= 0 || client === null) return next();
    const retryAfter = take(`${isRpc ? 'rpc' : 'api'}|${client}`, perMinute);
    if (retryAfter > 0) {
      ctx.set('Retry-After', String(retryAfter));
      throw RateLimitedError();
    }
    await next();
  };
}

/**
 * The address a request is counted against: the peer, or behind TRUST_PROXY the client the proxies vouch for
 * (backend/middleware/proxyTrust.ts). Loopback is the operator itself (the local demo, tests, the benchmark): not
 * limited (null). X-Forwarded-For from anyone else is ignored, so rotating it defeats nothing.
 */
export function clientAddress(
  ctx: { req: { socket: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> } },
  trust: TrustProxy = { kind: 'off' },
): string | null {
  const ip = clientIp({ socket: ctx.req.socket, headers: ctx.req.headers ?? {} } as IncomingMessage, trust);
  return isLoopback(ip) ? null : ip;
}
