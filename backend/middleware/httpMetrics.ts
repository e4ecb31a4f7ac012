// Counts every answered request by route template (the router's pattern, e.g. /api/queue/status/:queueId), never by
// the path itself: paths carry addresses and ids, which would make one series per wallet. Recorded when the response
// is done, so the status is the one the client got and the time includes sending the body.
import type { Context, Middleware } from 'koa';
import type { Metrics } from '../services/ops/metrics';
import { HEALTH_PATHS } from './health';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** The label for a request's route: the matched router pattern, else a fixed name for its kind of path. */
export function routeLabel(ctx: Pick<Context, 'path'> & { _matchedRoute?: unknown }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  if (HEALTH_PATHS.has(ctx.path) || ctx.path === '/metrics') return ctx.path;
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '/api/(unmatched)';
  if (ctx.path.startsWith('/static/')) return '/static/*';
  return '/(page)';
}

export function httpMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.res.once('close', () => {
      const method = METHODS.has(ctx.method) ? ctx.method : 'other';
      metrics.httpRequest(method, routeLabel(ctx), ctx.status, (performance.now() - started) / 1000);
    });
    await next();
  };
}
