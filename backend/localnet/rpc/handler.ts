// JSON-RPC 2.0 dispatch: one request or a batch. Method errors become JSON-RPC errors; a RateLimitedError is
// thrown out so the HTTP route can answer 429 (as a rate-limited RPC provider does).
import { RateLimitedError, RpcError } from '../txErrors';
import type { RpcMethod } from './methods';

interface RpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}
const MAX_BATCH = 1000;

export function createRpcHandler(methods: Record<string, RpcMethod>, log?: (e: unknown) => void) {
  const one = async (req: unknown): Promise<unknown> => {
    const r = (req && typeof req === 'object' && !Array.isArray(req) ? req : {}) as RpcRequest;
    const id = r.id === undefined ? null : r.id;
    if (typeof r.method !== 'string')
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
    const m = Object.prototype.hasOwnProperty.call(methods, r.method) ? methods[r.method] : undefined;
    if (!m) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    try {
      return { jsonrpc: '2.0', id, result: await m(r.params) };
    } catch (e) {
      if (e instanceof RateLimitedError) throw e;
      if (e instanceof RpcError)
        return {
          jsonrpc: '2.0',
          id,
          error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) },
        };
      if (e && typeof e === 'object' && 'code' in e && 'message' in e && !(e instanceof Error))
        return { jsonrpc: '2.0', id, error: e };
      log?.(e);
      return {
        jsonrpc: '2.0',
        id,
        error: { code: -32603, message: `Internal error: ${(e as Error)?.message ?? String(e)}` },
      };
    }
  };
  return async (body: unknown): Promise<unknown> => {
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH)
        return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } };
      return Promise.all(body.map(one));
    }
    return one(body);
  };
}
