// The printed table: one row per figure — ours, what it is compared with, the target, and whether we meet it.
import fs from 'fs';
import path from 'path';
import type { BenchResults } from './run';
import { approvalsAsExpected } from './approvals';
import { surplusRows } from './surplus';
import { recoverySourcesRows } from './recoverySources';
import { recoverEverythingRows } from './recoverEverything';
import { INITIAL_SET_BUDGET_BYTES, LANDING_JS_BUDGET_BYTES } from './bundle';
import { LIGHTHOUSE_TARGETS } from './lighthouse';

type Row = [figure: string, ours: string, comparedWith: string, target: string, verdict: string];

const n = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (bytes: number) => `${n(bytes / 1024, 1)} KB`;
const ok = (pass: boolean) => (pass ? 'met' : 'NOT met');

/**
 * Upstream calls the server adds per 100 extra assets (large wallet against demo wallet). At most this many means a
 * few passes batched by 100 (N/100); one call per asset would add 100.
 */
export const UPSTREAM_PER_HUNDRED_TARGET = 5;

export function tableRows(r: BenchResults): Row[] {
  const rows: Row[] = [];
  const failedNames = new Set(r.failures.map((f) => f.section));
  const missing = (section: string) => (failedNames.has(section) ? '(section failed)' : '(not run)');
  const p = r.packing;
  if (p) {
    const c = p.closes;
    rows.push([
      'closes per transaction (server)',
      `${Math.max(...c.perTransaction)} (${c.perTransaction.join('/')})`,
      `limit ${c.limit} at 1232 B with compute budget + fee + a wallet's additions (${c.packetLimit ?? '?'} without them, ${c.bareLimit ?? '?'} bare), ratio ${n(c.ratio, 2)}`,
      'ratio ≥ 0.95',
      ok(c.ratio >= 0.95),
    ]);
    rows.push([
      `${c.accounts} closes: transactions`,
      `${c.transactions} (fewest possible ${c.fewestTransactions})`,
      c.peers.map((x) => `${x.perTransaction}/tx → ${x.transactions} tx, ${x.approvals} approvals`).join('; '),
      '—',
      '—',
    ]);
    const b = p.burnPairs;
    rows.push([
      'burn+close pairs per transaction',
      `${Math.max(...b.perTransaction)} (${b.perTransaction.join('/')})`,
      `limit ${b.limit} with a wallet's additions (${b.packetLimit ?? '?'} without), ratio ${n(b.ratio, 2)}; spec 8`,
      'ratio ≥ 0.95',
      ok(b.ratio >= 0.95),
    ]);
  } else rows.push(['packing', missing('packing'), '', '', '']);

  const br = r.browser;
  if (br) {
    for (const a of br.approvals) {
      rows.push([
        `approvals: ${a.what}`,
        a.done ? `${a.approvals} (${a.transactions} tx: ${a.perTransaction.join('/')})` : '(step failed)',
        a.what.includes('vacant')
          ? '8/20/27 per tx → 25/10/8'
          : a.what.includes('NFT')
            ? 'spec: 10 per batch → 2'
            : 'spec: 8 per tx → 7',
        a.oneAtATime ? `= transactions, after 1 refused` : '1',
        a.done ? ok(approvalsAsExpected(a)) : 'NOT met',
      ]);
    }
    const l = br.load;
    rows.push([
      `large wallet: connect → lists (${n(l.assets.total)} assets)`,
      `${n(l.connectToListsMs / 1000, 1)} s`,
      '—',
      '—',
      '—',
    ]);
    rows.push([
      'large wallet: page requests to /api',
      `${l.pageRequests.api} (${l.pageRequests.rpc} to /api/rpc)`,
      `${l.pageRequests.total} requests in all incl. images/chunks`,
      '< 10',
      ok(l.pageRequests.api < 10),
    ]);
    rows.push([
      'large wallet: upstream calls by the server',
      `${l.upstream.serverOwn} (demo wallet: ${br.small.upstream.serverOwn} for ${br.small.assets.total} assets)`,
      `one call per asset would be ${n(l.assets.total)}`,
      `≤ ${UPSTREAM_PER_HUNDRED_TARGET} more per 100 assets`,
      `${n(br.upstreamPerHundredExtraAssets, 2)} per 100: ${ok(br.upstreamPerHundredExtraAssets <= UPSTREAM_PER_HUNDRED_TARGET)}`,
    ]);
  } else rows.push(['browser (approvals, large wallet load)', missing('browser'), '', '', '']);

  const s = r.specWay;
  if (s) {
    rows.push([
      `token metadata for ${s.mints} mints`,
      `1 request, ${n(s.ours.ms)} ms, ${s.ours.upstreamRequests} upstream`,
      `spec: ${s.spec.pageRequests} requests (3 in flight), ${n(s.spec.ms)} ms, ${s.spec.upstreamRequests} upstream`,
      '—',
      '—',
    ]);
  }

  const sl = r.serverLoad;
  if (sl) {
    for (const row of sl.rows) {
      const raw = sl.rows.find((x) => x.wraps === row.name);
      const vsRaw = raw
        ? `; ${n(row.rps / raw.rps, 2)}× the raw calls' req/s`
        : row.wraps
          ? `; the raw RPC under ${row.wraps}`
          : '';
      rows.push([
        `${row.name} (${sl.concurrency} clients, ${sl.durationMs / 1000} s)`,
        `${n(row.rps, 1)} req/s, p50 ${n(row.p50)} ms, p99 ${n(row.p99)} ms`,
        `${row.requests} done, ${row.unfinished ?? 0} cut off; alone ${n(row.alone)} ms${vsRaw}`,
        '0 errors',
        `${row.errors} errors${row.errors ? ` ${JSON.stringify(row.errorKinds ?? {})}` : ''}: ${ok(row.errors === 0)}`,
      ]);
    }
  } else rows.push(['server load', missing('load'), '', '', '']);

  const sb = r.solBack;
  if (sb) {
    rows.push([
      'SOL back per NFT: full burn (burnV1)',
      `${n(sb.fullBurn.grossPerNft)} lamports (net ${n(sb.fullBurn.netPerNft)})`,
      `SPL burn+close ${n(sb.splBurnClose.grossPerNft)} (net ${n(sb.splBurnClose.netPerNft)}); ×${n(sb.ratio, 2)}`,
      'more than SPL',
      ok(sb.ratio > 1),
    ]);
  } else rows.push(['SOL back', missing('solBack'), '', '', '']);

  const pw = r.perWallet;
  if (pw) {
    rows.push([
      'SOL back per demo wallet: full recovery',
      `${n(pw.solBackGross)} lamports`,
      `spec's way ${n(pw.specGross)}; ×${n(pw.ratio, 2)}`,
      'more than the spec',
      ok(pw.ratio > 1),
    ]);
    for (const k of pw.perKind)
      rows.push([
        `  per kind: ${k.kind} (${k.count})`,
        `${n(k.solBackGross)} lamports`,
        `spec's way ${n(k.specGross)}`,
        '≥ the spec',
        ok(k.solBackGross >= k.specGross),
      ]);
    rows.push(['  vacant closes (both ways)', `${n(pw.vacantGross)} lamports`, '—', '—', '—']);
  } else rows.push(['SOL back per wallet', missing('perWallet'), '', '', '']);
  if (r.surplus) rows.push(...surplusRows(r.surplus, n));
  else rows.push(['surplus rent', missing('surplus'), '', '', '']);
  if (r.recoverySources) rows.push(...recoverySourcesRows(r.recoverySources));
  else rows.push(['recovery sources', missing('recoverySources'), '', '', '']);
  if (r.recoverEverything) rows.push(...recoverEverythingRows(r.recoverEverything));
  else rows.push(['recover everything', missing('recoverEverything'), '', '', '']);

  const bu = r.bundle;
  if (bu) {
    rows.push([
      'bundle: landing JS on the wire (brotli)',
      kb(bu.landing.jsBrotli),
      `${kb(bu.landing.jsGzip)} gzip, ${kb(bu.landing.jsRaw)} raw; index.html ${kb(bu.landing.htmlBrotli)} with ${kb(bu.landing.inlineCssRaw)} CSS inline, ${bu.landing.cssLinks} stylesheet links`,
      '≤ 100 KB',
      ok(bu.landing.jsBrotli <= LANDING_JS_BUDGET_BYTES),
    ]);
    rows.push([
      'bundle: connected screen initial set (gzip as sent)',
      kb(bu.initialSetGzip),
      `JS ${kb(bu.initialGzip)} + CSS ${kb(bu.initialCssGzip)} + HTML ${kb(bu.initialHtmlGzip)}; ${kb(bu.initialSetBrotli)} brotli; zlib -9 ${kb(bu.initialSetGzip9)}; total JS ${kb(bu.totalGzip)}; ${bu.lazyChunks.length} lazy files`,
      '≤ 231 KB',
      ok(bu.initialSetGzip <= INITIAL_SET_BUDGET_BYTES),
    ]);
    rows.push([
      'bundle: confetti and modals lazy',
      `confetti ${bu.confettiLazy ? 'lazy' : 'initial'}, modals ${bu.modalsLazy ? 'lazy' : 'initial'}`,
      '—',
      'both lazy',
      ok(bu.confettiLazy && bu.modalsLazy),
    ]);
  } else rows.push(['bundle', missing('bundle'), '', '', '']);

  const lh = r.lighthouse;
  if (lh) {
    const t = LIGHTHOUSE_TARGETS;
    const load = `load ${n(lh.loadAverage.before, 2)}→${n(lh.loadAverage.after, 2)} on ${r.machine.cpus} CPUs`;
    rows.push([
      'landing: Lighthouse performance (mobile, simulated)',
      String(lh.performance),
      `Lighthouse ${lh.version}; FCP ${n(lh.fcpMs)} ms, SI ${n(lh.speedIndexMs)} ms, CLS ${n(lh.cls, 3)}; ${load}`,
      `≥ ${t.performance}`,
      ok(lh.performance >= t.performance),
    ]);
    rows.push([
      'landing: LCP',
      `${n(lh.lcpMs)} ms`,
      'Lighthouse, simulated slow 4G',
      `≤ ${n(t.lcpMs)} ms`,
      ok(lh.lcpMs <= t.lcpMs),
    ]);
    rows.push([
      'landing: TBT',
      `${n(lh.tbtMs)} ms`,
      'Lighthouse, 4× CPU slowdown',
      `≤ ${t.tbtMs} ms`,
      ok(lh.tbtMs <= t.tbtMs),
    ]);
    rows.push([
      'landing: JS on the wire (Chromium)',
      kb(lh.landingWire.js),
      `${lh.landingWire.scripts} script(s), ${Object.entries(lh.landingWire.encodings)
        .map(([e, c]) => `${c} ${e}`)
        .join(', ')}; all responses ${kb(lh.landingWire.total)}; render-blocking: ${lh.renderBlocking.length}`,
      '≤ 100 KB',
      ok(lh.landingWire.js <= LANDING_JS_BUDGET_BYTES),
    ]);
    rows.push([
      'connect: wallet app on the wire (Chromium)',
      kb(lh.connectWire.js),
      `${lh.connectWire.scripts} script(s) after "Select Wallet"; all responses ${kb(lh.connectWire.total)}`,
      '—',
      '—',
    ]);
  } else rows.push(['Lighthouse', r.quick ? '(not in the quick run)' : missing('lighthouse'), '', '', '']);

  const qt = r.queueThroughput;
  if (qt) {
    const one = qt.rows.find((x) => x.processes === 1);
    for (const row of qt.rows) {
      const vsOne = one && row !== one ? `; ${n(row.perMinute / one.perMinute, 2)}× one process` : '';
      rows.push([
        `queue: cNFTs moved per minute, ${row.processes} process${row.processes > 1 ? 'es' : ''} on one Redis`,
        `${n(row.perMinute)} /min`,
        `${row.moved} cNFTs in ${row.queues} queues of ${qt.perQueue}, ${n(row.ms / 1000, 1)} s${vsOne}; one chain process serves all`,
        '—',
        '—',
      ]);
    }
  } else rows.push(['queue throughput', missing('queue'), '', '', '']);

  if (r.fundLargeMs?.length)
    rows.push([
      'funding the large profile',
      r.fundLargeMs.map((ms) => `${n(ms / 1000, 1)} s`).join(', '),
      '—',
      '—',
      '—',
    ]);
  return rows;
}

export function printTable(r: BenchResults): void {
  const header: Row = ['figure', 'ours', 'compared with', 'target', 'verdict'];
  const rows = [header, ...tableRows(r)];
  const widths = header.map((_, i) => Math.min(70, Math.max(...rows.map((row) => row[i].length))));
  const line = (row: Row) => row.map((c, i) => c.padEnd(widths[i])).join(' | ');
  process.stdout.write(
    `\nSolBack benchmark ${r.quick ? '(BENCH_QUICK)' : ''} — ${r.startedAt}, ${r.machine.cpus} CPUs, Node ${r.machine.node}\n`,
  );
  process.stdout.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n`);
  for (const row of rows.slice(1)) process.stdout.write(`${line(row)}\n`);
}

/** The same rows as a Markdown table. */
export function markdownTable(r: BenchResults): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  const rows = tableRows(r).map((row) => `| ${row.map(esc).join(' | ')} |`);
  return ['| figure | ours | compared with | target | verdict |', '|---|---|---|---|---|', ...rows].join('\n');
}

// BENCHMARKS.md holds the table of the last full run between these two lines; nothing between them is written by hand.
const TABLE_START = '<!-- generated by bench/table.ts from bench/results.json: do not edit below -->';
const TABLE_END = '<!-- end of the generated table -->';

/** The run's conditions, one line: when, how long the load phases were, the machine and its load. */
function runLine(r: BenchResults): string {
  const m = r.machine;
  const load = `load average ${m.loadAverageAtStart.toFixed(1)} → ${(m.loadAverageAtEnd ?? m.loadAverageAtStart).toFixed(1)}`;
  const failed = r.failures.length ? `; failed: ${r.failures.map((f) => f.section).join(', ')}` : '';
  return `Run of ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC${r.quick ? ' (BENCH_QUICK)' : ''}: ${m.cpus} CPUs, Node ${m.node}, ${load}${failed}.`;
}

/** `markdown` with its generated part replaced by the table of `r`; throws when the two marker lines are missing. */
export function withGeneratedTable(markdown: string, r: BenchResults): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md lacks the lines "${TABLE_START}" and "${TABLE_END}"`);
  const table = `${TABLE_START}\n\n${runLine(r)}\n\n${markdownTable(r)}\n\n`;
  return markdown.slice(0, start) + table + markdown.slice(end);
}

export const BENCHMARKS_FILE = path.join(__dirname, '..', 'BENCHMARKS.md');

/** Writes the table of `r` into BENCHMARKS.md. */
export function writeBenchmarksTable(r: BenchResults, file = BENCHMARKS_FILE): void {
  fs.writeFileSync(file, withGeneratedTable(fs.readFileSync(file, 'utf8'), r));
}

// `npx tsx bench/table.ts`: BENCHMARKS.md's table again from bench/results.json (after editing a row's wording).
if (require.main === module) {
  writeBenchmarksTable(JSON.parse(fs.readFileSync(path.join(__dirname, 'results.json'), 'utf8')) as BenchResults);
}
