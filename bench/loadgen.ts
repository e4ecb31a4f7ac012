// Closed-loop load: `concurrency` clients, each sending its next request as soon as the last one answered, for
// `durationMs`. GET paths or JSON POST bodies (raw JSON-RPC). Run as a child process (see runLoadInChild) so the
// client's work does not share an event loop with the server it measures.
import { spawn } from 'child_process';
import path from 'path';
import { percentile } from './support';

export interface LoadTarget {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
}
export interface LoadOptions {
  url: string;
  paths?: string[];
  targets?: LoadTarget[];
  concurrency: number;
  durationMs: number;
}
export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  generator?: string;
  /** Errors by kind ('HTTP 503', 'JSON-RPC error', the network error's cause). */
  errorKinds?: Record<string, number>;
  /** Still in flight when the grace period after the window ran out: aborted, counted neither as done nor as errors. */
  unfinished?: number;
}

/** After the window, in-flight requests get this long to finish before they are aborted. */
const GRACE_MS = 15_000;

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const targets: LoadTarget[] = opts.targets ?? (opts.paths ?? []).map((p) => ({ path: p }));
  if (targets.length === 0) throw new Error('runLoad: nothing to request');
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  let n = 0;
  let unfinished = 0;
  const abort = new AbortController();
  const start = performance.now();
  const end = start + opts.durationMs;
  const grace = setTimeout(() => abort.abort(), opts.durationMs + GRACE_MS);
  const client = async () => {
    while (performance.now() < end) {
      const t = targets[n++ % targets.length];
      const t0 = performance.now();
      try {
        const res = await fetch(opts.url + t.path, {
          method: t.method ?? 'GET',
          signal: abort.signal,
          ...(t.body === undefined
            ? {}
            : { body: JSON.stringify(t.body), headers: { 'content-type': 'application/json' } }),
        });
        const text = await res.text();
        if (!res.ok) fail(`HTTP ${res.status}`);
        // A JSON-RPC error travels in a 200.
        else if (/"error":\{"code"/.test(text.slice(0, 300))) fail('JSON-RPC error');
      } catch (err) {
        if (abort.signal.aborted) {
          unfinished++;
          continue;
        }
        const e = err as { cause?: { code?: string; message?: string }; message?: string };
        fail(e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error');
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  clearTimeout(grace);
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const errors = Object.values(errorKinds).reduce((a, c) => a + c, 0);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    generator: 'bench/loadgen.ts',
    errorKinds,
    unfinished,
  };
}

/** Runs one load (runLoad above) in a child Node process and returns its figures. */
export function runLoadInChild(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', __filename, JSON.stringify(opts)], {
      cwd: path.resolve(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`load child exited with ${code}: ${out.slice(-500)}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`load child printed no result: ${out.slice(-500)}`));
      }
    });
  });
}

if (require.main === module) {
  runLoad(JSON.parse(process.argv[2]))
    .then((r) => {
      process.stdout.write(`${JSON.stringify(r)}\n`);
      process.exit(0);
    })
    .catch((err) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    });
}
