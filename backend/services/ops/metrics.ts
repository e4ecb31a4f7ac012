// What an operator watches (docs/OPERATIONS.md lists every series and what to alert on). One registry per app, so
// two apps in one process (tests) never share counts. Labels are bounded sets only: route templates, JSON-RPC method
// names from a fixed list, outcomes from a fixed list — never an address, a URL or an id.
// prom-client: https://github.com/siimon/prom-client (Registry, Counter, Gauge, Histogram, collectDefaultMetrics).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LimitKind } from '../../middleware/rateLimit';

/** How an upstream call ended (docs/UPSTREAM.md, "When a provider fails"). */
export type UpstreamOutcome =
  | 'ok'
  | 'error_answer'
  | 'rate_limited'
  | 'credentials_refused'
  | 'unhealthy'
  | 'index_excluded'
  | 'batch_refused'
  | 'timeout'
  | 'unreachable'
  | 'bad_answer'
  | 'too_large';

export interface QueueDepth {
  pending: number;
  sending: number;
}

/** Read at scrape time, so a gauge is never older than the scrape (absent sources leave the gauge out). */
export interface MetricSources {
  relayerBalance?: () => Promise<number>;
  queueDepth?: () => Promise<QueueDepth>;
}

export interface Metrics {
  registry: Registry;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** One provider call: the server's own (`caller` 'server') or a client's passed on by /api/rpc ('client'). */
  upstreamCall(
    provider: 'rpc' | 'das',
    method: string,
    outcome: UpstreamOutcome,
    seconds: number,
    caller: 'server' | 'client',
  ): void;
  limiterRefusal(kind: LimitKind): void;
  /** One picture fetch from its host: `outcome` is 'ok' or the refusal's code; `bytes` what was received. */
  imageFetch(outcome: string, bytes: number): void;
  /** One transaction co-signed by the fee relayer, whose network fee it paid (repaid in the same transaction). */
  relayed(feeLamports: number): void;
  /** A queue resumed by this process after another one had worked on it (crash, drain, restart). */
  leaseTakeover(): void;
  watch(sources: MetricSources): void;
  /** Process metrics (CPU, memory, event loop, handles): only when metrics are served, as they sample continuously. */
  collectProcessMetrics(): void;
}

export const METRIC_PREFIX = 'solback_';

export function createMetrics(now: () => number = Date.now): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: MetricSources = {};

  const httpRequests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const upstreamCalls = new Counter({
    name: `${METRIC_PREFIX}upstream_calls_total`,
    help: 'JSON-RPC calls to the providers, by provider, method, outcome and caller (server, or a client through /api/rpc)',
    labelNames: ['provider', 'method', 'outcome', 'caller'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: `${METRIC_PREFIX}upstream_call_duration_seconds`,
    help: 'Time a provider took to answer (retries after a rate limit included), by provider',
    labelNames: ['provider'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const limiterRefusals = new Counter({
    name: `${METRIC_PREFIX}rate_limit_refusals_total`,
    help: 'Requests refused with 429 by the per-client limits, by allowance (api, rpc, image)',
    labelNames: ['kind'] as const,
    registers,
  });
  const imageFetches = new Counter({
    name: `${METRIC_PREFIX}image_fetches_total`,
    help: 'Pictures fetched from their hosts by the image proxy, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const imageBytes = new Counter({
    name: `${METRIC_PREFIX}image_fetched_bytes_total`,
    help: 'Bytes of pictures received by the image proxy',
    registers,
  });
  const relayedTotal = new Counter({
    name: `${METRIC_PREFIX}relayer_relayed_total`,
    help: 'Transactions co-signed by the fee relayer',
    registers,
  });
  const relayerFees = new Counter({
    name: `${METRIC_PREFIX}relayer_fees_paid_lamports_total`,
    help: 'Network fees paid by the fee relayer (each repaid in the same transaction when it lands)',
    registers,
  });
  let today = { day: '', count: 0 };
  const utcDay = () => new Date(now()).toISOString().slice(0, 10);
  new Gauge({
    name: `${METRIC_PREFIX}relayer_relayed_today`,
    help: 'Transactions co-signed by the fee relayer through this process since 00:00 UTC',
    registers,
    collect() {
      this.set(today.day === utcDay() ? today.count : 0);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}relayer_balance_lamports`,
    help: "The fee relayer's balance (read at most every 5 s); absent without a relayer",
    registers,
    async collect() {
      if (!sources.relayerBalance) return;
      this.set(await sources.relayerBalance().catch(() => NaN));
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}queue_items`,
    help: 'Items of active transfer queues waiting (pending) or being sent (sending)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      if (!sources.queueDepth) return;
      const depth = await sources.queueDepth().catch(() => ({ pending: NaN, sending: NaN }));
      this.set({ state: 'pending' }, depth.pending);
      this.set({ state: 'sending' }, depth.sending);
    },
  });
  const takeovers = new Counter({
    name: `${METRIC_PREFIX}queue_lease_takeovers_total`,
    help: 'Queues this process resumed after another process had worked on them',
    registers,
  });
  // Every series exists from the start (at 0), so an alert on a rate never waits for the first event.
  for (const kind of ['api', 'rpc', 'image'] as const) limiterRefusals.inc({ kind }, 0);

  let processMetrics = false;
  return {
    registry,
    httpRequest(method, route, status, seconds) {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
    },
    upstreamCall(provider, method, outcome, seconds, caller) {
      upstreamCalls.inc({ provider, method, outcome, caller });
      upstreamDuration.observe({ provider }, seconds);
    },
    limiterRefusal: (kind) => limiterRefusals.inc({ kind }),
    imageFetch(outcome, bytes) {
      imageFetches.inc({ outcome });
      if (bytes > 0) imageBytes.inc(bytes);
    },
    relayed(feeLamports) {
      relayedTotal.inc();
      if (feeLamports > 0) relayerFees.inc(feeLamports);
      const day = utcDay();
      today = { day, count: today.day === day ? today.count + 1 : 1 };
    },
    leaseTakeover: () => takeovers.inc(),
    watch: (more) => void Object.assign(sources, more),
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}
