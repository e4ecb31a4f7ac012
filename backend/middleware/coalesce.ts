import type { Context, Middleware } from 'koa';
import type { Answer, SharedAnswers } from '../services/shared/sharedAnswers';

const SHARED_HEADERS = ['content-type', 'cache-control', 'pragma', 'expires', 'retry-after'];
/** Cache-busting query parameters clients add to defeat caches (`?t=<time>`, jQuery's `?_=`): not part of the request. */
const CACHE_BUSTERS = ['t', '_'];
/** Answers that belong to one caller: a one-use nonce (PRODUCT difference 11) is never handed to two clients. */
const PERSONAL_PATHS = new Set(['/api/auth/nonce']);

/** A request whose answer is its caller's alone: a personal path, or one carrying its own credentials (queue status). */
export function isPersonal(ctx: Pick<Context, 'path' | 'get'>): boolean {
  return PERSONAL_PATHS.has(ctx.path) || !!ctx.get('authorization');
}

/**
 * Identical GET /api requests that arrive while the same one is being answered share that answer instead of
 * repeating the work (many tabs or clients polling one wallet under load). Only concurrent requests share; the
 * answer is never kept afterwards, so it is as fresh as the request itself. Errors are shared the same way.
 * With `shared` (REDIS_URL), requests to other server processes share too (services/shared/sharedAnswers.ts).
 */
export function coalesceGets(shared?: SharedAnswers): Middleware {
  const inflight = new Map<string, Promise<Answer | null>>();
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/api/') || isPersonal(ctx)) return next();
    const key = requestKey(ctx);
    const running = inflight.get(key);
    if (running) {
      const answer = await running;
      if (answer) return apply(ctx, answer);
      return next(); // the first one's body could not be shared (a stream): do the work
    }
    const work = async () => {
      await next();
      return snapshot(ctx);
    };
    const leader = shared
      ? shared.share(key, work).then(({ answer, fromPeer }) => {
          if (fromPeer && answer) apply(ctx, answer);
          return answer;
        })
      : work();
    inflight.set(key, leader);
    try {
      await leader;
    } finally {
      inflight.delete(key);
    }
  };
}

/** The path and query without cache busters: `?t=1` and `?t=2` ask the same thing. */
export function requestKey(ctx: Pick<Context, 'path' | 'querystring'>): string {
  const query = new URLSearchParams(ctx.querystring);
  for (const p of CACHE_BUSTERS) query.delete(p);
  const rest = query.toString();
  return rest ? `${ctx.path}?${rest}` : ctx.path;
}

function snapshot(ctx: Context): Answer | null {
  const body = ctx.body;
  // JSON values and strings only: a stream can be read once, and an empty body would turn into a 204.
  const shareable =
    typeof body === 'string' ||
    (typeof body === 'object' &&
      body !== null &&
      !Buffer.isBuffer(body) &&
      typeof (body as { pipe?: unknown }).pipe !== 'function');
  if (!shareable) return null;
  const headers: Record<string, string> = {};
  for (const h of SHARED_HEADERS) {
    const v = ctx.response.get(h);
    if (v) headers[h] = String(v);
  }
  return { status: ctx.status, body, headers };
}

function apply(ctx: Context, answer: Answer): void {
  ctx.status = answer.status;
  ctx.body = answer.body;
  for (const [k, v] of Object.entries(answer.headers)) ctx.set(k, v);
}
