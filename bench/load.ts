// Closed-loop GET load for the hardening figures and `npm run bench`: `concurrency` clients, each asking for the next
// path (round robin) as soon as its last answer arrived, for `durationMs`. An error is any non-2xx answer, a body
// with `success: false`, or a network failure. Latencies in milliseconds.

export interface LoadOptions {
  url: string; // origin, e.g. http://localhost:3000
  paths: string[]; // e.g. ['/api/wallet-tokens/<owner>', '/api/rent-estimate/<owner>']
  concurrency: number;
  durationMs: number;
  /** A request still unanswered after this long counts as an error (default 120 s). */
  timeoutMs?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** Errors by kind ('HTTP 503', 'success:false', a network error code), for the report. */
  errorKinds: Record<string, number>;
}

export async function runLoad({
  url,
  paths,
  concurrency,
  durationMs,
  timeoutMs = 120_000,
}: LoadOptions): Promise<LoadResult> {
  if (paths.length === 0 || concurrency < 1 || durationMs <= 0)
    throw new Error('runLoad: needs paths, concurrency ≥ 1 and a duration');
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => void (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  let next = 0;
  const start = performance.now();
  const end = start + durationMs;

  const client = async () => {
    while (performance.now() < end) {
      const path = paths[next++ % paths.length];
      const t0 = performance.now();
      try {
        const res = await fetch(url + path, { signal: AbortSignal.timeout(timeoutMs) });
        const text = await res.text();
        if (!res.ok) fail(`HTTP ${res.status}`);
        else if (/^\s*\{\s*"success"\s*:\s*false/.test(text)) fail('success:false');
      } catch (err) {
        const e = err as { cause?: { code?: string }; name?: string };
        fail(e.cause?.code ?? e.name ?? 'network error');
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));

  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    rps: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errorKinds,
  };
}

/** Nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (x: number) => Math.round(x * 10) / 10;
