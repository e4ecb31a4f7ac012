// Whether this process can serve (GET /readyz): both providers answered recently, Redis answers when REDIS_URL is
// set, and the process is not draining. A provider that has been quiet longer than `freshMs` is asked once (a cheap
// call, shared by concurrent probes) rather than trusted blindly; a provider that failed since it last answered is
// asked again too. docs/OPERATIONS.md explains what a load balancer does with the answer.
import type { Redis } from 'ioredis';
import type { RpcClient } from '../rpc/rpc';
import type { Provider, UpstreamHealth } from '../rpc/upstreamWatch';

/** A probe gives up after this long; a load balancer asks every few seconds and must not pile up waiting probes. */
export const PROBE_TIMEOUT_MS = 2_000;
/** Any valid address: the indexer answers "not found" quickly, which proves it answers. */
const PROBE_ASSET_ID = '11111111111111111111111111111111';

export type ReadyAnswer = { ready: true } | { ready: false; reason: string };

export interface Readiness {
  check(): Promise<ReadyAnswer>;
  /** From now on /readyz answers 503 'draining' (SIGTERM). */
  startDraining(): void;
  readonly draining: boolean;
}

export interface ReadinessDeps {
  health: UpstreamHealth;
  rpc: RpcClient;
  das: RpcClient;
  redis?: Redis;
  freshMs: number;
  now?: () => number;
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    p.finally(() => clearTimeout(timer)).then(resolve, () => resolve('timeout'));
  });

export function createReadiness(deps: ReadinessDeps): Readiness {
  const now = deps.now ?? Date.now;
  let draining = false;
  const probes: Partial<Record<Provider, Promise<unknown>>> = {};
  const ask: Record<Provider, () => Promise<unknown>> = {
    // getHealth answers -32005 when the node is behind (Solana JSON-RPC reference, getHealth).
    rpc: () => deps.rpc.call('getHealth'),
    das: () => deps.das.call('getAsset', { id: PROBE_ASSET_ID }),
  };

  const answeredSince = (p: Provider, since: number) => {
    const s = deps.health.state[p];
    return s.servedAt >= since && s.servedAt >= s.failedAt;
  };

  async function provider(p: Provider): Promise<string | null> {
    if (answeredSince(p, now() - deps.freshMs)) return null;
    const started = now();
    // An error answer is still an answer (the watch decides what it says); only the watch's note counts.
    probes[p] ??= withTimeout(
      ask[p]().catch(() => undefined),
      PROBE_TIMEOUT_MS,
    ).finally(() => delete probes[p]);
    await probes[p];
    if (answeredSince(p, started)) return null;
    const s = deps.health.state[p];
    const how = s.failedAt >= started && s.failure ? s.failure.replace('_', ' ') : 'no answer';
    return `${p === 'rpc' ? 'Solana RPC' : 'DAS'} provider: ${how}`;
  }

  async function redisReachable(): Promise<string | null> {
    const redis = deps.redis;
    if (!redis) return null;
    // Not connected: ioredis is reconnecting, a PING would wait in its offline queue.
    if (redis.status !== 'ready') return 'Redis unreachable';
    const pong = await withTimeout(redis.ping(), PROBE_TIMEOUT_MS);
    return pong === 'PONG' ? null : 'Redis unreachable';
  }

  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    async check() {
      if (draining) return { ready: false, reason: 'draining' };
      const reasons = (await Promise.all([provider('rpc'), provider('das'), redisReachable()])).filter(
        (r): r is string => r !== null,
      );
      if (draining) return { ready: false, reason: 'draining' };
      return reasons.length ? { ready: false, reason: reasons.join('; ') } : { ready: true };
    },
  };
}
