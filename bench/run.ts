// `npm run bench`: every figure of BENCHMARKS.md in one run on the local chain and in Chromium; prints a table,
// writes bench/results.json and, after a full run, BENCHMARKS.md's table. BENCH_QUICK=1 shortens the load phases (3 s
// instead of 30 s) for a smoke run; `.ci/run` runs `BENCH_QUICK=1 BENCH_ONLY=browser` on every submission (the three
// browser approvals, about a minute).
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import { approvalsAsExpected } from './approvals';
import { type BrowserResult, measureBrowser } from './browser';
import { buildBundleIfStale } from '../__tests__/e2e/support/buildBundle';
import { type BundleResult, measureBundle } from './bundle';
import { type LighthouseResult, measureLighthouse } from './lighthouse';
import { type PackingResult, measurePacking } from './packing';
import { type LoadRow, CONCURRENCY, DURATION_MS, measureServerLoad } from './serverLoad';
import { type PerWalletResult, measurePerWallet } from './perWallet';
import { type SolBackResult, measureSolBack } from './solBack';
import { type SpecWayResult, measureSpecWay } from './specWay';
import { type QueueThroughputResult, measureQueueThroughput } from './queueThroughput';
import { type SurplusResult, measureSurplus } from './surplus';
import { type RecoverySourcesResult, measureRecoverySources } from './recoverySources';
import { type RecoverEverythingResult, measureRecoverEverything } from './recoverEverything';
import { QUICK, fund, startBench } from './support';
import { BENCHMARKS_FILE, printTable, writeBenchmarksTable } from './table';

export interface BenchResults {
  startedAt: string;
  quick: boolean;
  machine: { node: string; cpus: number; platform: string; loadAverageAtStart: number; loadAverageAtEnd?: number };
  runMs?: number;
  fundLargeMs?: number[];
  packing?: PackingResult;
  specWay?: SpecWayResult;
  serverLoad?: { concurrency: number; durationMs: number; rows: LoadRow[] };
  solBack?: SolBackResult;
  perWallet?: PerWalletResult;
  surplus?: SurplusResult;
  recoverySources?: RecoverySourcesResult;
  recoverEverything?: RecoverEverythingResult;
  browser?: BrowserResult;
  bundle?: BundleResult;
  lighthouse?: LighthouseResult;
  queueThroughput?: QueueThroughputResult;
  failures: { section: string; error: string }[];
}

const log = (s: string) => process.stdout.write(`[bench] ${s}\n`);
// BENCH_ONLY=packing,browser runs only those sections (for working on one); a full run leaves it unset.
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : null;

async function main() {
  const t0 = performance.now();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    quick: QUICK,
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.arch()}`,
      loadAverageAtStart: os.loadavg()[0],
    },
    failures: [],
  };
  const section = async <T>(name: string, run: () => Promise<T> | T): Promise<T | undefined> => {
    if (ONLY && !ONLY.has(name) && !(name === 'fund' && ['packing', 'specWay', 'load'].some((x) => ONLY.has(x))))
      return undefined;
    const s0 = performance.now();
    log(`${name}...`);
    try {
      const r = await run();
      log(`${name} done in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
      return r;
    } catch (err) {
      log(`${name} FAILED: ${(err as Error).stack ?? err}`);
      results.failures.push({ section: name, error: (err as Error).message });
      return undefined;
    }
  };

  // The page is built first: the browser section loads it (built only when missing or older than its sources).
  results.bundle = await section('bundle', measureBundle);
  if (!results.bundle) buildBundleIfStale(); // BENCH_ONLY without 'bundle' (the CI's quick bench) still needs the page
  const bench = await startBench();
  try {
    // First, while the server is idle. Not in the quick run: a Lighthouse pass takes about a minute.
    if (!QUICK) results.lighthouse = await section('lighthouse', () => measureLighthouse(bench.url, log));
    const owner = Keypair.generate().publicKey.toBase58();
    const funded = await section('fund', () => fund(bench, owner, 'large'));
    results.fundLargeMs = funded ? [funded.ms] : [];
    if (funded) {
      results.packing = await section('packing', () => measurePacking(bench, owner, funded.manifest));
      const mints = (funded.manifest.tokens as { mint: string }[]).map((t) => t.mint);
      results.specWay = await section('specWay', () => measureSpecWay(bench, owner, mints));
      const rows = await section('load', () => measureServerLoad(bench, owner, log));
      if (rows) results.serverLoad = { concurrency: CONCURRENCY, durationMs: DURATION_MS, rows };
    }
    results.solBack = await section('solBack', () => measureSolBack(bench));
    results.perWallet = await section('perWallet', () => measurePerWallet(bench));
    results.surplus = await section('surplus', () => measureSurplus(bench));
    results.recoverySources = await section('recoverySources', () => measureRecoverySources(bench));
    results.recoverEverything = await section('recoverEverything', () => measureRecoverEverything(bench));
    results.browser = await section('browser', () => measureBrowser(bench, log));
    if (results.browser) {
      results.fundLargeMs.push(results.browser.fundMs);
      // The headline is one approval per action (one per transaction with a wallet that refuses batches): a step not
      // finished, or one that took more, fails the run.
      for (const row of results.browser.approvals.filter((r) => !approvalsAsExpected(r)))
        results.failures.push({
          section: 'browser',
          error: `${row.what}: ${row.done ? `${row.approvals} approvals` : 'not finished'}`,
        });
    }
  } finally {
    await bench.server.close();
  }
  // Its own processes (one chain, one or two servers, one Redis): after the in-process server is gone.
  results.queueThroughput = await section('queue', () => measureQueueThroughput(log));
  results.runMs = performance.now() - t0;
  results.machine.loadAverageAtEnd = os.loadavg()[0];
  const file = path.join(__dirname, 'results.json');
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  log(`whole run ${(results.runMs / 1000).toFixed(0)} s; written ${path.relative(process.cwd(), file)}`);
  // Only a full run (every section, 30 s load phases) replaces the table of BENCHMARKS.md.
  if (!ONLY && !QUICK) {
    writeBenchmarksTable(results);
    log(`table written to ${path.relative(process.cwd(), BENCHMARKS_FILE)}`);
  }
  if (results.failures.length) {
    log(`${results.failures.length} section(s) failed: ${results.failures.map((f) => f.section).join(', ')}`);
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
