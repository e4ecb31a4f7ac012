import pRetry, { AbortError } from 'p-retry';
import { RpcError } from '../../errors';
import { withBatchSplitting } from './batchSplit';
import type { RpcTransport } from './rpcTransport';
import { isRateLimitAnswer, upstreamStatusOf } from './upstreamFaults';

export type { RpcTransport } from './rpcTransport';

export interface RpcClient {
  call<T = unknown>(method: string, params?: unknown): Promise<T>;
  /** Pass a JSON-RPC request or batch through unchanged (used by the /api/rpc proxy and the Connection). */
  send(body: unknown): Promise<unknown>;
}

interface RpcResponse {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 1;

/** An attempt refused for its rate (HTTP 429 or a rate-limit answer): p-retry tries again after the back-off. */
class RateLimitedAttempt extends Error {
  name = 'RateLimitedAttempt';
  constructor(readonly retryAfterSeconds = 0) {
    super('rate limited');
  }
}

/**
 * `attempt` (given its 0-based number) again after each RateLimitedAttempt, at most `retries` more times (npm p-retry);
 * `wait` is the back-off before the next attempt, with its own jitter (p-retry's own delay is off: minTimeout 0). Any
 * other error ends the tries as it is.
 */
function retryRateLimited<T>(
  attempt: (attempt: number) => Promise<T>,
  retries: number,
  wait: (attempt: number, retryAfterSeconds: number) => Promise<void>,
): Promise<T> {
  return pRetry(
    async (attemptNumber) => {
      try {
        return await attempt(attemptNumber - 1);
      } catch (err) {
        throw err instanceof RateLimitedAttempt ? err : new AbortError(err as Error);
      }
    },
    {
      retries,
      minTimeout: 0,
      onFailedAttempt: ({ error, attemptNumber }) =>
        wait(attemptNumber - 1, (error as RateLimitedAttempt).retryAfterSeconds),
    },
  );
}

/** A pause of `ms` give or take 10 %, so that clients refused together do not come back together. */
const jittered = (ms: number) => new Promise<void>((r) => setTimeout(r, ms * (0.9 + Math.random() * 0.2)));

export function createRpcClient(transport: RpcTransport): RpcClient {
  return {
    send: transport,
    async call<T>(method: string, params?: unknown): Promise<T> {
      const req = { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) };
      const res = (await transport(req)) as RpcResponse;
      // A provider's refusal (rate limit, credentials) keeps an HTTP status so routes answer 429/502, not 400.
      if (res?.error)
        throw new RpcError(
          res.error.code,
          res.error.message,
          res.error.data,
          upstreamStatusOf(res.error.code, res.error.message),
        );
      return res?.result as T;
    },
  };
}

/**
 * The local chain answers in-process; a thrown error with httpStatus (429 fault) keeps it. A 429 is backed off and
 * retried like the HTTP transport does (a rate-limited request was not processed, so repeating it is safe).
 */
export function localTransport(
  handleRpc: (body: unknown) => Promise<unknown>,
  opts: HttpTransportOptions = {},
): RpcTransport {
  const { retries = 4, baseDelayMs = 250 } = opts;
  const once = async (body: unknown, attempt: number) => {
    // Yield to I/O first: the chain answers in microtasks only, so without this one heavy listing would hold the
    // whole server (other requests not even read) until it finished.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return await handleRpc(body);
    } catch (err) {
      const e = err as { httpStatus?: number; code?: number; message?: string };
      if (e.httpStatus === 429 && attempt < retries) throw new RateLimitedAttempt();
      throw new RpcError(e.code ?? -32603, e.message ?? 'local chain error', undefined, e.httpStatus ?? 500);
    }
  };
  return (body) =>
    retryRateLimited(
      (n) => once(body, n),
      retries,
      (n) => jittered(baseDelayMs * 2 ** n),
    );
}

export interface HttpTransportOptions {
  retries?: number; // extra attempts after a 429
  baseDelayMs?: number;
  timeoutMs?: number;
  /** Wraps each single HTTP exchange (inside the batch splitting, so a refused batch is seen): metrics, readiness. */
  watch?: (send: RpcTransport) => RpcTransport;
  /** Largest provider answer read (bytes); a longer one is dropped unread past this and answers 502. */
  maxAnswerBytes?: number;
}

/**
 * Provider answers are read as a stream and given up at this many bytes (RELIABILITY, "Bounded answers"): a whole
 * `res.text()` held whatever the provider sent. The largest answer our own calls need (a DAS page of 1,000 assets,
 * a wallet of thousands of token accounts) is a few MB.
 */
export const MAX_UPSTREAM_ANSWER_BYTES = 32 * 1024 * 1024;

/** The body as text, or an RpcError (502) as soon as more than `limit` bytes arrived; the rest is never read. */
export async function readCapped(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new RpcError(-32000, `RPC endpoint answer larger than ${limit} bytes`, undefined, 502);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof RpcError) throw err;
    return ''; // a dropped connection mid-answer: not JSON, answered like any unreadable body below
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * JSON-RPC over HTTP POST with exponential backoff (and Retry-After) on 429 — also on a rate limit signalled by a
 * JSON-RPC error on HTTP 200 — and batches split into single requests when the provider refuses batches.
 */
export function httpTransport(url: string, opts: HttpTransportOptions = {}): RpcTransport {
  const single = singleHttpTransport(url, opts);
  return withBatchSplitting(opts.watch ? opts.watch(single) : single);
}

function singleHttpTransport(url: string, opts: HttpTransportOptions): RpcTransport {
  const { retries = 4, baseDelayMs = 250, timeoutMs = 30_000, maxAnswerBytes = MAX_UPSTREAM_ANSWER_BYTES } = opts;
  // Retry-After (seconds) when the provider says it, at most 5 s; else doubling from baseDelayMs.
  const backoff = (attempt: number, retryAfter: number) =>
    jittered(retryAfter > 0 ? Math.min(retryAfter * 1000, 5000) : baseDelayMs * 2 ** attempt);
  const once = async (body: unknown, attempt: number): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Never repeat the URL: it may carry an API key.
      const name = (err as Error).name;
      if (name === 'TimeoutError')
        throw new RpcError(-32000, `RPC endpoint did not answer within ${timeoutMs} ms`, undefined, 504);
      throw new RpcError(-32000, `RPC endpoint unreachable (${name})`, undefined, 503);
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status === 429 && attempt < retries) {
      await res.body?.cancel().catch(() => undefined);
      throw new RateLimitedAttempt(retryAfter);
    }
    if (res.status === 429) throw new RpcError(429, 'Too many requests', undefined, 429);
    const text = await readCapped(res, maxAnswerBytes);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      const status =
        res.status === 401 || res.status === 403 ? 502 : res.status >= 500 ? (res.status === 504 ? 504 : 503) : 502;
      throw new RpcError(-32000, `RPC endpoint answered HTTP ${res.status}`, undefined, status);
    }
    if (isRateLimitAnswer(answer) && attempt < retries) throw new RateLimitedAttempt(retryAfter);
    if (res.status >= 500 && !hasJsonRpcShape(answer))
      throw new RpcError(-32000, `RPC endpoint answered HTTP ${res.status}`, undefined, 503);
    return answer;
  };
  return (body) => retryRateLimited((n) => once(body, n), retries, backoff);
}

const hasJsonRpcShape = (a: unknown) =>
  Array.isArray(a) || (!!a && typeof a === 'object' && ('result' in a || 'error' in a));
