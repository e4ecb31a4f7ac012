import { isIP } from 'net';
import type { Context, Middleware } from 'koa';
import { RateLimitedError } from '../errors';

export interface RateLimitOptions {
  /** Requests per minute per client on /api (0 = off). */
  perMinute: number;
  /** Requests per minute per client on /api/rpc, which wallets poll (0 = off). */
  rpcPerMinute: number;
  /** Most clients remembered at once; beyond it the oldest are forgotten (memory stays bounded under a flood). */
  maxClients?: number;
  now?: () => number;
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
    const client = clientAddress(ctx);
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
 * The address a request is counted against. A peer on this machine or a private network is taken to be a reverse
 * proxy: the address it appended last to X-Forwarded-For counts (the leftmost entries are the client's to forge).
 * Without that header such a peer is the operator itself (the local demo, tests, the benchmark): not limited (null).
 * A public peer is counted by its own address, whatever headers it sends.
 */
export function clientAddress(ctx: Pick<Context, 'get'> & { req: { socket: { remoteAddress?: string } } }): string | null {
  const peer = normalise(ctx.req.socket.remoteAddress ?? '');
  if (!isTrustedPeer(peer)) return peer || 'unknown';
  const forwarded = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  const last = forwarded[forwarded.length - 1];
  if (!last) return null;
  return isIP(last) ? last : 'invalid-forwarded-for';
}

function normalise(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

function isTrustedPeer(ip: string): boolean {
  if (ip === '::1' || ip.startsWith('127.')) return true;
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip)) return true;
  return /^f[cd][0-9a-f]{2}:/i.test(ip);
}
