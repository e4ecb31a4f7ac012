import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Fields that must never reach a log: keys, signed payloads and signatures. */
const SECRET_FIELDS = [
  'privateKeyBase58',
  'signedTransaction',
  'signedTransactions',
  'signature',
  'signedMessage',
  'secretKey',
];

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
        logger.debug({ ...line, body: redactBody((ctx.request as { body?: unknown }).body) }, 'request');
      } else if (ctx.status >= 500) logger.error(line, 'request');
      else if (ctx.path === '/api/rpc' && ctx.status >= 400) logger.warn(line, 'request');
      else if (ctx.path === '/api/rpc') logger.debug(line, 'request');
      else if (ctx.path.startsWith('/api')) logger.info(line, 'request');
      else logger.debug(line, 'request');
    }
  };
}

const SECRET_NAME = /private.?key|secret|signature|signed|seed|mnemonic|password|api.?key/i;
const BASE58_64_BYTES = /^[1-9A-HJ-NP-Za-km-z]{80,90}$/; // a secret key or a signature
const LONG_BASE64 = /^[A-Za-z0-9+/]{120,}={0,2}$/; // a serialized (signed) transaction
const REDACTED = '[redacted]';

/**
 * A copy of a request body fit for a log: fields named like secrets, and any value that looks like a secret key,
 * a signature or a signed transaction wherever it sits, are replaced. Bounded in depth and size.
 */
export function redactBody(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (BASE58_64_BYTES.test(value) || LONG_BASE64.test(value)) return REDACTED;
    return value.length > 200 ? `${value.slice(0, 200)}…(${value.length} chars)` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[nested]';
  if (Array.isArray(value)) {
    // 64 numbers: a secret key as a byte array (the JSON keypair file format).
    if (value.length === 64 && value.every((v) => typeof v === 'number')) return REDACTED;
    const out = value.slice(0, 20).map((v) => redactBody(v, depth + 1));
    if (value.length > 20) out.push(`…(${value.length} items)`);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 50))
    out[k] = SECRET_NAME.test(k) ? REDACTED : redactBody(v, depth + 1);
  return out;
}

/**
 * A URL fit for a log (RELIABILITY, trust): key-like query values, and any path segment that looks like a secret key, a
 * signature or a signed transaction (base58 of 64 bytes, long base64, a long hex string), are masked.
 */
export function redactUrl(url: string): string {
  const [pathPart, query = ''] = url.split(/\?(.*)/s, 2);
  const maskedPath = pathPart
    .split('/')
    .map((seg) => {
      let s = seg;
      try {
        s = decodeURIComponent(seg);
      } catch {
        /* keep it raw */
      }
      return BASE58_64_BYTES.test(s) ||
        LONG_BASE64.test(s) ||
        /^(0x)?[0-9a-f]{64,}$/i.test(s) ||
        /^\[(\d+,){31,}\d+\]$/.test(s)
        ? REDACTED
        : seg;
    })
    .join('/');
  const maskedQuery = query.replace(
    /(^|&)((?:[^=&]*(?:key|token|secret|signature|password|seed)[^=&]*)=)[^&]*/gi,
    '$1$2[redacted]',
  );
  return query || url.includes('?') ? `${maskedPath}?${maskedQuery}` : maskedPath;
}
