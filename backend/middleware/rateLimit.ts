import type { IncomingMessage } from 'http';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { Context, Middleware } from 'koa';
import type { TrustProxy } from '../config';
import { RateLimitedError } from '../errors';
import { clientIp, isLoopback } from './proxyTrust';
import { perMinuteAllowance, type Allowance } from '../services/limits/rateLimiters';

export type LimitKind = 'api' | 'rpc' | 'image';

export interface RateLimitOptions {
  /** Requests per minute per client on /api (0 = off). */
  perMinute: number;
  /** Requests per minute per client on /api/rpc, which wallets poll (0 = off). */
  rpcPerMinute: number;
  /** Pictures per minute per client through GET /api/image (0 or unset = off): a screen of NFTs asks for many at
   * once, so they have their own allowance and never use up the one the page's /api calls need. */
  imagePerMinute?: number;
  /** Set (REDIS_URL): one allowance per client shared by every server process. */
  redis?: Redis;
  /** TRUST_PROXY: whose X-Forwarded-For is read (off by default). */
  trustProxy?: TrustProxy;
  /** Told of each refusal (the rate_limit_refusals_total metric). */
  onLimited?: (kind: LimitKind) => void;
}

/**
 * Rate limits per client address: /api, /api/rpc and /api/image each have their own allowance (services/limits/rateLimiters.ts).
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
    image: opts.imagePerMinute ? perMinuteAllowance('image', opts.imagePerMinute, opts.redis) : null,
  };
  const consume = async (client: string | null, kind: LimitKind, points = 1): Promise<number> => {
    const allowance = allowances[kind];
    if (!allowance || client === null || points <= 0) return 0;
    const wait = await allowance.consume(client, points);
    if (wait > 0) opts.onLimited?.(kind);
    return wait;
  };
  const charge = async (ctx: Context, kind: LimitKind, points: number): Promise<void> => {
    const retryAfter = await consume(clientAddress(ctx, opts.trustProxy), kind, points);
    if (retryAfter > 0) {
      ctx.set('Retry-After', String(retryAfter));
      throw RateLimitedError();
    }
  };
  return {
    consume,
    charge,
    chargeRequest: (req, kind, points) => consume(clientAddress({ req }, opts.trustProxy), kind, points),
    middleware: async (ctx, next) => {
      const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
      if (!isApi) return next();
      await charge(ctx, limitKind(ctx.path), 1);
      await next();
    },
  };
}

function limitKind(path: string): LimitKind {
  if (path === '/api/rpc') return 'rpc';
  return path === '/api/image' ? 'image' : 'api';
}

/** The limits as one middleware (kept for callers that need no weighing). */
export function rateLimit(opts: RateLimitOptions): Middleware {
  return createRateLimits(opts).middleware;
}

/**
 * The client an address counts as: an IPv4 address itself, an IPv6 address its /64 (`2001:db8:1:2::/64`). One
 * subscriber is usually given a whole /64, so a fresh address inside it is no fresh allowance (RELIABILITY, hostile
 * clients: nonces). Anything that is not an address is kept as it is.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes its IPv4
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The client a request is counted against (clientKey): the peer, or behind TRUST_PROXY the client the proxies vouch
 * for (backend/middleware/proxyTrust.ts, RELIABILITY, trust). Loopback is the operator itself (the local demo, tests,
 * the benchmark): not limited (null). X-Forwarded-For from anyone else is ignored, so rotating it defeats nothing.
 */
export function clientAddress(
  ctx: { req: { socket: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> } },
  trust: TrustProxy = { kind: 'off' },
): string | null {
  const ip = clientIp({ socket: ctx.req.socket, headers: ctx.req.headers ?? {} } as IncomingMessage, trust);
  return isLoopback(ip) ? null : clientKey(ip);
}
