import Router from '@koa/router';
import type { Services } from '../../context';
import { sendMixedBatch } from '../../services/rpc/batchSplit';
import { DAS_METHODS } from '../../services/das/das';
import {
  BASE58_TOO_LARGE,
  budgetAnswers,
  preReadSpaces,
  type BudgetVerdict,
} from '../../services/rpcProxy/rpcAnswerBudget';
import {
  ANSWER_TOO_LARGE,
  INVALID_REQUEST,
  MAX_RPC_ANSWER_BYTES,
  MAX_RPC_BATCH,
  isAllowedMethod,
  notAllowedAnswer,
  oversizeAnswer,
  refusedAnswer,
} from '../../services/rpcProxy/rpcPolicy';
import { isPinpoint, pageProgramQuery } from '../../services/rpcProxy/rpcProgramQueries';
import { createAirdropAllowance, sendRefusal } from '../../services/rpcProxy/rpcSendPolicy';
import { clientAddress } from '../../middleware/rateLimit';
import { upstreamHttpStatus } from '../../services/rpc/upstreamFaults';

type RpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };

/**
 * POST /api/rpc — the only JSON-RPC endpoint the browser sees. Local mode: the embedded chain. Upstream mode:
 * Solana methods to SOLANA_RPC_URL, DAS methods to DAS_URL. Answers are JSON-RPC, errors included.
 */
export function rpcRoutes({ relay, config, limits }: Services): Router {
  const router = new Router();
  const local = config.mode === 'local';
  const airdropRefusal = createAirdropAllowance();
  router.post('/api/rpc', async (ctx) => {
    const body = (ctx.request as { body?: unknown }).body;
    ctx.set('Cache-Control', 'no-store');
    // RELIABILITY, trust: a batch holds at most MAX_RPC_BATCH requests, each one of the client's allowance.
    if (Array.isArray(body) && body.length > MAX_RPC_BATCH) {
      ctx.status = 413;
      ctx.body = {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: `Batches hold at most ${MAX_RPC_BATCH} requests` },
      };
      return;
    }
    if (!isRpcBody(body)) {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid JSON-RPC request' } };
      return;
    }
    if (Array.isArray(body) && body.length > 1) await limits.charge(ctx, 'rpc', body.length - 1); // the first was counted on the way in
    try {
      const answer = await routeAllowed(body, clientAddress(ctx, config.trustProxy));
      ctx.body = oversizeAnswer(answer, Array.isArray(body) ? null : body.id) ?? answer;
    } catch (err) {
      // The provider's failure as a JSON-RPC error with a fitting status: 429, 502 (bad answer or our credentials
      // refused), 503 (down) or 504 (no answer in time) — never one that blames the caller.
      const status = upstreamHttpStatus(err) ?? 503;
      ctx.status = status;
      const message =
        status === 429
          ? 'Too many requests'
          : status === 504
            ? 'RPC endpoint timed out'
            : 'RPC endpoint temporarily unavailable';
      ctx.body = {
        jsonrpc: '2.0',
        id: Array.isArray(body) ? null : (body.id ?? null),
        error: { code: status === 429 ? 429 : -32000, message },
      };
    }
  });

  // Methods outside the allow-list (services/rpcProxy/rpcPolicy.ts), account reads over the answer budget
  // (services/rpcProxy/rpcAnswerBudget.ts) and sends or airdrops outside services/rpcProxy/rpcSendPolicy.ts are answered here with a
  // JSON-RPC error, before anything is built; the rest go on.
  async function routeAllowed(body: RpcRequest | RpcRequest[], client: string | null): Promise<unknown> {
    const list = Array.isArray(body) ? body : [body];
    const shapeAllowed = list.map((r) => isAllowedMethod(String(r.method), local, r.params));
    const pinpoints = await Promise.all(
      list.map((r, i) => {
        const query = shapeAllowed[i] && r.method === 'getProgramAccounts' ? pageProgramQuery(r.params) : null;
        return query ? isPinpoint(query, readAccount) : Promise.resolve(true);
      }),
    );
    const allowed = list.map((_, i) => shapeAllowed[i] && pinpoints[i]);
    const verdicts = await budgetAnswers(
      list.map((r, i) => (allowed[i] ? r : {})),
      (keys) => preReadSpaces(keys, relay.rpc),
      MAX_RPC_ANSWER_BYTES,
    );
    const refusals = list.map((r, i) =>
      !allowed[i] ? notAllowedAnswer(r.id, String(r.method)) : refusalOf(r, verdicts[i], client),
    );
    if (!Array.isArray(body)) return refusals[0] ?? route(body);
    const passing = body.filter((_, i) => !refusals[i]);
    const answers = passing.length ? await route(passing) : [];
    const results = (Array.isArray(answers) ? answers : [answers]) as unknown[];
    let k = 0;
    return body.map((_, i) => refusals[i] ?? results[k++] ?? null);
  }

  // The key a page's getProgramAccounts names, read as the page would read it (services/rpcProxy/rpcProgramQueries.ts).
  async function readAccount(key: string) {
    const answer = (await relay.rpc({
      jsonrpc: '2.0',
      id: 0,
      method: 'getAccountInfo',
      params: [key, { encoding: 'base64', commitment: 'confirmed' }],
    })) as { result?: { value?: { owner?: string; data?: [string, string] } | null } };
    const value = answer?.result?.value;
    if (!value?.owner || !Array.isArray(value.data)) return null;
    return { owner: value.owner, data: Buffer.from(value.data[0], 'base64') };
  }

  function refusalOf(r: RpcRequest, verdict: BudgetVerdict, client: string | null) {
    if (verdict === 'tooManyKeys')
      return refusedAnswer(r.id, -32602, 'Too many accounts named in this request or batch');
    if (verdict === 'tooLarge') return refusedAnswer(r.id, ANSWER_TOO_LARGE, 'Answer too large for this server');
    if (verdict === 'base58TooLarge') return refusedAnswer(r.id, INVALID_REQUEST, BASE58_TOO_LARGE);
    const why =
      r.method === 'sendTransaction'
        ? sendRefusal(r.params, local)
        : r.method === 'requestAirdrop'
          ? airdropRefusal(client, r.params)
          : null;
    return why ? refusedAnswer(r.id, -32602, `Refused by this server: ${why}`) : null;
  }

  // A batch may mix Solana and DAS methods; split it so each part reaches the right upstream, keeping order.
  async function route(body: RpcRequest | RpcRequest[]): Promise<unknown> {
    if (!Array.isArray(body)) return isDas(body) ? relay.das(body) : relay.rpc(body);
    if (body.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Empty batch' } };
    const dasPart = body.filter(isDas);
    if (dasPart.length === 0) return relay.rpc(body);
    if (dasPart.length === body.length) return relay.das(body);
    return sendMixedBatch(body, isDas, relay.rpc, relay.das);
  }
  return router;
}

const isDas = (r: RpcRequest) => typeof r.method === 'string' && DAS_METHODS.has(r.method);

function isRpcBody(body: unknown): body is RpcRequest | RpcRequest[] {
  const one = (r: unknown) =>
    !!r && typeof r === 'object' && !Array.isArray(r) && typeof (r as RpcRequest).method === 'string';
  return Array.isArray(body) ? body.length <= 100 && body.every(one) : one(body);
}
