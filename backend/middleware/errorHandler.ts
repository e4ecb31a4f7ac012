import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import type { ApiFailure } from '../../src/common/api';
import { AppError, isRateLimited } from '../errors';
import { SERVER_ERRORS } from '../../src/common/texts/serverErrorTexts';
import { upstreamFailure, UPSTREAM_UNAVAILABLE } from '../services/rpc/upstreamFaults';

/** The one error middleware: JSON for /api, a short text page elsewhere; never a stack trace. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const { status, message } = describeError(err);
      if (status >= 500) ctx.state.log?.error({ err }, 'request failed');
      else ctx.state.log?.debug({ err: (err as Error)?.message }, 'client error');
      ctx.status = status;
      if (ctx.path.startsWith('/api')) {
        ctx.body = { success: false, error: message } satisfies ApiFailure;
      } else {
        ctx.type = 'text/plain';
        ctx.body = message;
      }
    }
  };
}

/** The status and the user's message an error answers with (also what sharedAnswers hands to other processes). */
export function describeError(err: unknown): { status: number; message: string } {
  if (err instanceof AppError)
    return { status: err.status, message: err.expose ? err.message : SERVER_ERRORS.internal_error };
  if (err instanceof ZodError) return { status: 400, message: formatZodError(err) };
  if (isRateLimited(err)) return { status: 429, message: SERVER_ERRORS.rate_limited };
  // A provider's failure that a route did not word itself: 502/503/504 with a plain text, never a 500.
  const upstream = upstreamFailure(err, { unavailable: UPSTREAM_UNAVAILABLE });
  if (upstream) return { status: upstream.status, message: upstream.message };
  // http-errors thrown by Koa, the body parser (400 bad JSON, 413 too large, 415) etc.
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return { status, message: SERVER_ERRORS.body_too_large };
    // koa-send's 404 carries the file system path it tried (ENOENT ... '/srv/...'): never shown (RELIABILITY, trust).
    if (status === 404) return { status, message: SERVER_ERRORS.not_found };
    if (e.type === 'entity.parse.failed' || /JSON/i.test(e.message ?? ''))
      return { status: 400, message: SERVER_ERRORS.body_not_json };
    return { status, message: e.expose && e.message ? e.message : SERVER_ERRORS.validation_error };
  }
  return { status: 500, message: SERVER_ERRORS.internal_error };
}

export function formatZodError(err: ZodError): string {
  const parts = err.issues.map((i) => {
    const where = i.path.length ? i.path.join('.') : 'request';
    if (i.code === 'unrecognized_keys')
      return `${where}: unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.join(', ')}`;
    return `${where}: ${i.message}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}
