// GET /healthz and GET /readyz for load balancers and orchestrators (docs/OPERATIONS.md). Mounted before the request
// log, the rate limits and everything else: a probe every few seconds neither fills the log at `info` nor spends a
// client's allowance, and /healthz never waits on the upstream. /metrics is answered 404 here: metrics are served on
// METRICS_PORT only (backend/metricsServer.ts), never to the public.
import type { Middleware } from 'koa';
import type { Readiness } from '../services/ops/readiness';
import { SERVER_ERRORS } from '../../src/common/texts/serverErrorTexts';

export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function healthRoutes(readiness: Readiness): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/metrics') {
      ctx.status = 404;
      ctx.body = { success: false, error: SERVER_ERRORS.not_found };
      return;
    }
    if (!HEALTH_PATHS.has(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { success: false, error: 'Method not allowed' };
      return;
    }
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' }; // alive: this process answers HTTP
      return;
    }
    const answer = await readiness.check();
    ctx.status = answer.ready ? 200 : 503;
    ctx.body = answer.ready ? { status: 'ready' } : { status: 'not ready', reason: answer.reason };
  };
}
