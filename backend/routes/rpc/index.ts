import Router from '@koa/router';
import type { Services } from '../../context';
import { RpcError } from '../../errors';
import { DAS_METHODS } from '../../services/das';
import { MAX_RPC_BATCH, isAllowedMethod, notAllowedAnswer, oversizeAnswer } from '../../services/rpcPolicy';
import type { Context } from 'koa';

/**
 * Charges `n` more requests to this client's limit when the limiter offers it (`ctx.state.consumeRateLimit`, from
 * the rate-limit middleware); until then the batch cap above bounds a batch's weight.
 */
async function chargeExtra(ctx: Context, n: number): Promise<void> {
  const consume = (ctx.state as { consumeRateLimit?: (points: number) => Promise<void> | void }).consumeRateLimit;
  if (consume) await consume(n);
}

type RpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };

/**
 * POST /api/rpc — the only JSON-RPC endpoint the browser sees. Local mode: the embedded chain. Upstream mode:
 * Solana methods to SOLANA_RPC_URL, DAS methods to DAS_URL. Answers are JSON-RPC, errors included.
 */
export function rpcRoutes({ rpc, das, config }: Services): Router {
  const router = new Router();
  const local = config.mode === 'local';
  router.post('/api/rpc', async (ctx) => {
    const body = (ctx.request as { body?: unknown }).body;
    ctx.set('Cache-Control', 'no-store');
    if (Array.isArray(body) && body.length > MAX_RPC_BATCH) {
      ctx.status = 413;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Batches hold at most ${MAX_RPC_BATCH} requests` } };
      return;
    }
    if (!isRpcBody(body)) {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid JSON-RPC request' } };
      return;
    }
    // Each item of a batch is one request for the limiter (the first was counted on the way in).
    if (Array.isArray(body) && body.length > 1) await chargeExtra(ctx, body.length - 1);
    try {
      const answer = await routeAllowed(body);
      ctx.body = oversizeAnswer(answer, Array.isArray(body) ? null : body.id) ?? answer;
    } catch (err) {
      const status = err instanceof RpcError && err.httpStatus ? err.httpStatus : 502;
      ctx.status = status === 429 ? 429 : status >= 500 ? 503 : status;
      const message = status === 429 ? 'Too many requests' : 'RPC endpoint temporarily unavailable';
      ctx.body = { jsonrpc: '2.0', id: Array.isArray(body) ? null : (body.id ?? null), error: { code: status === 429 ? 429 : -32000, message } };
    }
  });

  // Methods outside the allow-list are answered here with a JSON-RPC error; the rest go on, order kept.
  async function routeAllowed(body: RpcRequest | RpcRequest[]): Promise<unknown> {
    const allowed = (r: RpcRequest) => isAllowedMethod(String(r.method), local);
    if (!Array.isArray(body)) return allowed(body) ? route(body) : notAllowedAnswer(body.id, String(body.method));
    const passing = body.filter(allowed);
    const answers = passing.length ? ((await route(passing)) as { id?: unknown }[]) : [];
    const list = Array.isArray(answers) ? answers : [answers];
    let k = 0;
    return body.map((r) => (allowed(r) ? (list[k++] ?? null) : notAllowedAnswer(r.id, String(r.method))));
  }

  // A batch may mix Solana and DAS methods; split it so each part reaches the right upstream, keeping order.
  async function route(body: RpcRequest | RpcRequest[]): Promise<unknown> {
    if (!Array.isArray(body)) return isDas(body) ? das.send(body) : rpc.send(body);
    if (body.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Empty batch' } };
    const dasPart = body.filter(isDas);
    if (dasPart.length === 0) return rpc.send(body);
    if (dasPart.length === body.length) return das.send(body);
    const [a, b] = await Promise.all([das.send(dasPart), rpc.send(body.filter((r) => !isDas(r)))]);
    const answers = [...(a as unknown[]), ...(b as unknown[])] as { id?: unknown }[];
    return body.map((req) => answers.find((r) => r.id === req.id) ?? null);
  }
  return router;
}

const isDas = (r: RpcRequest) => typeof r.method === 'string' && DAS_METHODS.has(r.method);

function isRpcBody(body: unknown): body is RpcRequest | RpcRequest[] {
  const one = (r: unknown) => !!r && typeof r === 'object' && !Array.isArray(r) && typeof (r as RpcRequest).method === 'string';
  return Array.isArray(body) ? body.length <= 100 && body.every(one) : one(body);
}
