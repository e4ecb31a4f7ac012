// Server throughput on the large wallet: /api/wallet-tokens and /api/rent-estimate under 50 closed-loop clients,
// against the raw JSON-RPC they wrap, sent straight at /api/rpc in the same run (each row gets the same time).
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../src/common/addresses';
import { type LoadResult, type LoadTarget, runLoadInChild } from './loadgen';
import { type Bench, QUICK } from './support';

export const CONCURRENCY = 50;
export const DURATION_MS = QUICK ? 3_000 : 30_000;

export interface LoadRow extends LoadResult {
  name: string;
  wraps?: string;
  /** One request on an idle server (ms). */ alone: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timeOne(url: string, t: LoadTarget): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url + t.path, {
    method: t.method ?? 'GET',
    ...(t.body === undefined ? {} : { body: JSON.stringify(t.body), headers: { 'content-type': 'application/json' } }),
  });
  await res.arrayBuffer();
  return performance.now() - t0;
}

/** Waits until the server answers a trivial request quickly again (work of aborted requests has drained). */
async function settle(url: string): Promise<void> {
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(500)) {
    if ((await timeOne(url, { path: '/api/config' })) < 50) return;
  }
}

const listing = (owner: string, encoding: 'jsonParsed' | 'base64') =>
  [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'getTokenAccountsByOwner',
    params: [owner, { programId }, { encoding, commitment: 'confirmed' }],
  }));

export async function measureServerLoad(b: Bench, owner: string, log: (s: string) => void): Promise<LoadRow[]> {
  const rows: { name: string; wraps?: string; targets: LoadTarget[] }[] = [
    { name: 'GET /api/wallet-tokens', targets: [{ path: `/api/wallet-tokens/${owner}` }] },
    {
      name: 'raw getTokenAccountsByOwner ×2, jsonParsed',
      wraps: 'GET /api/wallet-tokens',
      targets: [{ method: 'POST', path: '/api/rpc', body: listing(owner, 'jsonParsed') }],
    },
    { name: 'GET /api/rent-estimate', targets: [{ path: `/api/rent-estimate/${owner}` }] },
    {
      name: 'raw getTokenAccountsByOwner ×2, base64',
      wraps: 'GET /api/rent-estimate',
      targets: [{ method: 'POST', path: '/api/rpc', body: listing(owner, 'base64') }],
    },
  ];
  const out: LoadRow[] = [];
  for (const row of rows) {
    await settle(b.url);
    const alone = await timeOne(b.url, row.targets[0]);
    const r = await runLoadInChild({
      url: b.url,
      targets: row.targets,
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
    });
    log(
      `load: ${row.name}: ${Math.round(r.rps)} req/s, p50 ${Math.round(r.p50)} ms, p99 ${Math.round(r.p99)} ms, ${r.errors} errors ${JSON.stringify(r.errorKinds)}, ${r.unfinished} unfinished`,
    );
    out.push({ name: row.name, wraps: row.wraps, alone, ...r });
  }
  return out;
}
