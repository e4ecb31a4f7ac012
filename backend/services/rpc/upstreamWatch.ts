// Every JSON-RPC call to a provider passes through here: counted by provider, method and outcome (metrics), and the
// last answer remembered for /readyz. Outcomes follow docs/UPSTREAM.md ("When a provider fails"): a rate limit,
// credentials refused, an unhealthy node, the Token program excluded from secondary indexes (-32010), a refused batch,
// no answer in time, unreachable, an answer that is not JSON-RPC.
import type { RpcError } from '../../errors';
import { DAS_METHODS } from '../das/das';
import type { Metrics, UpstreamOutcome } from '../ops/metrics';
import type { RpcTransport } from './rpc';
import { RPC_ALLOWED_METHODS } from '../rpcProxy/rpcPolicy';
import { upstreamStatusOf } from './upstreamFaults';

export type Provider = 'rpc' | 'das';

/** Method names used as labels: the fixed lists of what is ever sent; anything else is counted as 'other'. */
const KNOWN_METHODS = new Set([
  ...RPC_ALLOWED_METHODS,
  ...DAS_METHODS,
  'getProgramAccounts',
  'requestAirdrop',
  'batch',
]);
const methodLabel = (m: unknown) => (typeof m === 'string' && KNOWN_METHODS.has(m) ? m : 'other');

/** Outcomes that say the provider cannot serve us (readiness): not a rate limit, not an ordinary error answer. */
const UNSERVED: ReadonlySet<UpstreamOutcome> = new Set([
  'credentials_refused',
  'unhealthy',
  'timeout',
  'unreachable',
  'bad_answer',
  'too_large',
]);

export interface ProviderState {
  /** When the provider last answered in a way that lets us serve (ms since epoch; 0 = never). */
  servedAt: number;
  /** When it last failed to (0 = never), and how. */
  failedAt: number;
  failure?: UpstreamOutcome;
}

/** What the providers did lately, per provider (read by /readyz). */
export class UpstreamHealth {
  readonly state: Record<Provider, ProviderState> = {
    rpc: { servedAt: 0, failedAt: 0 },
    das: { servedAt: 0, failedAt: 0 },
  };

  constructor(private readonly now: () => number = Date.now) {}

  note(provider: Provider, outcome: UpstreamOutcome): void {
    const s = this.state[provider];
    if (UNSERVED.has(outcome)) Object.assign(s, { failedAt: this.now(), failure: outcome });
    else s.servedAt = this.now();
  }
}

/** The outcome of one JSON-RPC answer object. */
export function answerOutcome(answer: unknown): UpstreamOutcome {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'bad_answer';
  const error = (answer as { error?: { code?: unknown; message?: unknown } }).error;
  if (!error) return 'result' in answer ? 'ok' : 'bad_answer';
  const code = Number(error.code);
  if (code === -32010) return 'index_excluded';
  const status = upstreamStatusOf(code, String(error.message ?? ''));
  if (status === 429) return 'rate_limited';
  if (status === 502) return 'credentials_refused';
  if (status === 503) return 'unhealthy';
  return 'error_answer';
}

/** The outcome of a transport that threw (rpc.ts: 429 rate limit, 504 time-out, 503 unreachable, 502 bad answer). */
export function failureOutcome(err: unknown): UpstreamOutcome {
  const e = err as Partial<RpcError>;
  if (e.httpStatus === 429) return 'rate_limited';
  if (e.httpStatus === 504) return 'timeout';
  if (/HTTP 40[13]\b/.test(String(e.message ?? ''))) return 'credentials_refused';
  if (/answer larger than/.test(String(e.message ?? ''))) return 'too_large';
  if (e.httpStatus === 503 && /unreachable/.test(String(e.message ?? ''))) return 'unreachable';
  if (e.httpStatus === 503) return 'unhealthy';
  return 'bad_answer';
}

/**
 * Whose call it is: the server's own (its reads, sends and prepares), or a client's passed on by /api/rpc. Only the
 * server's own calls judge the provider's health: an anonymous client's odd request once counted 7,375
 * `credentials_refused` in 20 s and fired the "act at once" alert (docs/OPERATIONS.md).
 */
export type Caller = 'server' | 'client';

/**
 * Wraps one provider's transport: each request of a call (one, or each of a batch) is counted with the outcome of
 * its answer. A batch answered with anything but a list is one 'batch_refused' (the caller then splits it).
 */
export function watchTransport(
  provider: Provider,
  send: RpcTransport,
  metrics: Metrics,
  health: UpstreamHealth,
  caller: Caller = 'server',
): RpcTransport {
  const record = (method: unknown, outcome: UpstreamOutcome, seconds: number) => {
    metrics.upstreamCall(provider, methodLabel(method), outcome, seconds, caller);
    if (caller === 'server') health.note(provider, outcome);
  };
  return async (body) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const requests = (Array.isArray(body) ? body : [body]) as { method?: unknown }[];
    let answer: unknown;
    try {
      answer = await send(body);
    } catch (err) {
      const outcome = failureOutcome(err);
      for (const r of requests) record(r?.method, outcome, seconds());
      throw err;
    }
    if (Array.isArray(body)) {
      if (!Array.isArray(answer)) record('batch', 'batch_refused', seconds());
      else {
        // Answers may come in any order (JSON-RPC 2.0, Batch): matched by id.
        const byId = new Map(answer.map((a) => [(a as { id?: unknown } | null)?.id, a]));
        for (const r of requests) record(r?.method, answerOutcome(byId.get((r as { id?: unknown })?.id)), seconds());
      }
    } else record(requests[0]?.method, answerOutcome(answer), seconds());
    return answer;
  };
}
