import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Fields that must never reach a log: keys, signed payloads and signatures. */
const SECRET_FIELDS = ['privateKeyBase58', 'signedTransaction', 'signedTransactions', 'signature', 'signedMessage', 'secretKey'];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: {
      paths: SECRET_FIELDS.flatMap((f) => [`body.${f}`, `body.*.${f}`, `req.body.${f}`]),
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One log line per request (JSON-RPC proxy traffic, which wallets poll, only at debug); the body is logged at
 * debug level only, with secrets redacted.
 */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = Date.now();
    ctx.state.log = logger;
    try {
      await next();
    } finally {
      const line = { method: ctx.method, url: redactUrl(ctx.url), status: ctx.status, ms: Date.now() - started };
      if (logger.isLevelEnabled('debug') && ctx.path !== '/api/rpc') {
        logger.debug({ ...line, body: (ctx.request as { body?: unknown }).body }, 'request');
      } else if (ctx.status >= 500) logger.error(line, 'request');
      else if (ctx.path === '/api/rpc') (ctx.status >= 400 ? logger.warn(line, 'request') : logger.debug(line, 'request'));
      else if (ctx.path.startsWith('/api')) logger.info(line, 'request');
      else logger.debug(line, 'request');
    }
  };
}

function redactUrl(url: string): string {
  return url.replace(/([?&](?:api[-_]?key|token|key)=)[^&]*/gi, '$1[redacted]');
}
