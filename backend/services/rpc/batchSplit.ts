// Providers on free plans often refuse JSON-RPC batches: with a single error object (id null) instead of an array,
// or an HTTP error. The browser (web3.js) and our own code batch freely, so a refused batch is sent again as single
// requests (a few at a time) and the answers put back in order; the refusal is remembered for a while.
import { type RpcError } from '../../errors';
import type { RpcTransport } from './rpcTransport';
import pMap from 'p-map';

const SPLIT_CONCURRENCY = 4;
const REMEMBER_REFUSAL_MS = 10 * 60_000;

type Req = { id?: unknown };

export function withBatchSplitting(send: RpcTransport, now: () => number = Date.now): RpcTransport {
  let refusedUntil = 0;
  return async (body) => {
    if (!Array.isArray(body) || body.length === 0) return send(body);
    if (now() >= refusedUntil) {
      try {
        const answer = await send(body);
        if (Array.isArray(answer)) return answer;
      } catch (err) {
        // Down, slow or rate limited: splitting would only multiply the load. Other failures may be a refusal.
        const status = (err as RpcError).httpStatus;
        if (status === 429 || status === 503 || status === 504) throw err;
      }
      refusedUntil = now() + REMEMBER_REFUSAL_MS;
    }
    return sendOneByOne(send, body as Req[]);
  };
}

async function sendOneByOne(send: RpcTransport, requests: Req[]): Promise<unknown[]> {
  const errors: unknown[] = [];
  // SPLIT_CONCURRENCY at a time (npm p-map), answers in the order of the requests; a failure is that request's answer.
  const answers = await pMap(
    requests,
    async (request) => {
      try {
        return await send(request);
      } catch (err) {
        errors.push(err);
        const e = err as RpcError;
        return {
          jsonrpc: '2.0',
          id: request.id ?? null,
          error: { code: e.httpStatus === 429 ? 429 : -32000, message: e.message },
        };
      }
    },
    { concurrency: SPLIT_CONCURRENCY },
  );
  // Nothing got through: the provider is failing, not refusing batches; let the caller answer 429/503/504.
  if (errors.length === requests.length) throw errors[0];
  return answers;
}

/**
 * A batch that mixes Solana and DAS methods goes to two upstreams; the answers are put back in the request order.
 * A part that fails (or answers with something other than a list) becomes JSON-RPC errors for its own requests
 * only, so one provider's refusal never makes the other's answers disappear.
 */
export async function sendMixedBatch<R extends Req>(
  body: R[],
  isSecond: (r: R) => boolean,
  first: RpcTransport,
  second: RpcTransport,
): Promise<unknown[]> {
  const parts = [body.filter((r) => !isSecond(r)), body.filter(isSecond)];
  const results = await Promise.allSettled([first(parts[0]), second(parts[1])]);
  if (results.every((r) => r.status === 'rejected')) throw (results[0] as PromiseRejectedResult).reason;
  const byRequest = new Map<R, unknown>();
  results.forEach((res, p) => {
    const reqs = parts[p];
    const answers = res.status === 'fulfilled' && Array.isArray(res.value) ? (res.value as { id?: unknown }[]) : null;
    const failure = res.status === 'rejected' ? (res.reason as RpcError) : null;
    const refusal =
      res.status === 'fulfilled' && !answers
        ? (res.value as { error?: { code: number; message: string } })?.error
        : undefined;
    for (const req of reqs) {
      const found = answers?.find((a) => a && a.id === req.id);
      byRequest.set(
        req,
        found ?? {
          jsonrpc: '2.0',
          id: req.id ?? null,
          error: refusal ?? {
            code: failure?.httpStatus === 429 ? 429 : -32000,
            message: failure?.message ?? 'No answer for this request',
          },
        },
      );
    }
  });
  return body.map((req) => byRequest.get(req));
}
