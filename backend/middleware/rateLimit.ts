import type { IncomingMessage } from 'http';
import { isIP } from 'net';
import type { Redis } from 'ioredis';
import type { Context, Middleware } from 'koa';
import { RateLimitedError } from '../errors';
import { perMinuteAllowance, type Allowance } from '../services/rateLimiters';

export type LimitKind = 'api' | 'rpc';

export interface RateLimitOptions {
  /** Requests per minute per client on /api (0 = off). */
  perMinute: number;
  /** Requests per minute per client on /api/rpc, which wallets poll (0 = off). */
  rpcPerMinute: number;
  /** Set (REDIS_URL): one allowance per client shared by every server process. */
  redis?: Redis;
}

/**
 * Rate limits per client address: /api and /api/rpc each have their own allowance (services/rateLimiters.ts).
 * Over it: 429 `{success:false, error}` with Retry-After. Routes that do more than one request's work weigh it:
 * `charge(ctx, 'rpc', n)` for a JSON-RPC batch of n + 1 calls, `chargeRequest(req, 'rpc', 1)` for a websocket upgrade.
 */
export interface RateLimits {
  /** Counts every /api request as one point of its kind. */
  middleware: Middleware;
  /** Spends `points` of a client's allowance: 0 when allowed, else seconds to wait. A null client (the operator) or a limit of 0 is never limited. */
  consume(client: string | null, kind: LimitKind, points?: number): Promise<number>;
  /** Spends `points` more for this request's client; over the limit throws the 429 (with Retry-After set). */
  charge(ctx: Context, kind: LimitKind, points: number): Promise<void>;
  /** The same for a raw request without a Koa context (a websocket upgrade): seconds to wait, 0 when allowed. */
  chargeRequest(req: IncomingMessage, kind: LimitKind, points: number): Promise<number>;
}

export function createRateLimits(opts: RateLimitOptions): RateLimits {
  const allowances: Record<LimitKind, Allowance | null> = {
    api: opts.perMinute > 0 ? perMinuteAllowance('api', opts.perMinute, opts.redis) : null,
    rpc: opts.rpcPerMinute > 0 ? perMinuteAllowance('rpc', opts.rpcPerMinute, opts.redis) : null,
  };
  const consume = async (client: string | null, kind: LimitKind, points = 1): Promise<number> => {
    const allowance = allowances[kind];
    if (!allowance || client === null || points <= 0) return 0;
    return allowance.consume(client, points);
  };
  const charge = async (ctx: Context, kind: LimitKind, points: number): Promise<void> => {
    const retryAfter = await consume(clientAddress(ctx), kind, points);
    if (retryAfter > 0) {
      ctx.set('Retry-After', String(retryAfter));
      throw RateLimitedError();
    }
  };
  return {
    consume,
    charge,
    chargeRequest: (req, kind, points) => consume(clientAddress({ get: (h) => headerOf(req, h), req }), kind, points),
    middleware: async (ctx, next) => {
      const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
      if (!isApi) return next();
      await charge(ctx, ctx.path === '/api/rpc' ? 'rpc' : 'api', 1);
      await next();
    },
  };
}

/** The limits as one middleware (kept for callers that need no weighing). */
export function rateLimit(opts: RateLimitOptions): Middleware {
  return createRateLimits(opts).middleware;
}

function headerOf(req: IncomingMessage, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
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
