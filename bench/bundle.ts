// Bundle sizes after a production build, in the bytes the server sends (docs/ARCHITECTURE.md, "First view"): each
// file's precompressed sibling (`.br` for browsers, which all accept brotli; `.gz` for the rest), or the file itself.
// - the landing: index.html (the first view's CSS inlined) and the scripts it names. Budget: its JavaScript at most
//   100 KB on the wire (brotli).
// - the connected screen's initial set: the landing plus the wallet app's chunk group (static/dist/chunk-groups.json),
//   HTML, JavaScript and CSS. Budget: at most 230 KB gzip. `initialSetGzip9` recompresses each file with zlib -9, the
//   measure used before the files were precompressed, to compare with earlier figures.
// Checked by __tests__/e2e/bundle.test.ts and shown by `npm run bench`. What is inside the connected set's JS, per
// package: `npx tsx bench/bundlePackages.ts`.
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { CHUNK_GROUPS_FILE } from '../webpack.firstView';
import { DIST_INDEX, buildBundleIfStale } from '../__tests__/e2e/support/buildBundle';

/** 100 KB (KiB): the landing's JavaScript on the wire (brotli). */
export const LANDING_JS_BUDGET_BYTES = 100 * 1024;
/** 230 KB (KiB) gzip: everything the connected screen loads first, HTML, JavaScript and CSS. The gzip of the set moves
 * by about 0.3 KB with the chunks' hashes. */
export const INITIAL_SET_BUDGET_BYTES = 230 * 1024;
/** The wallet app's chunk group: the store, the providers and the assets screen (src/features/shell/shell/Page.tsx). */
export const WALLET_APP_GROUP = 'wallet-app';

export interface BundleResult {
  landing: {
    /** The scripts index.html names. */
    files: string[];
    jsBrotli: number;
    jsGzip: number;
    jsRaw: number;
    /** index.html itself, the inlined CSS included. */
    htmlBrotli: number;
    htmlGzip: number;
    inlineCssRaw: number;
    /** Stylesheet links left in index.html (render-blocking requests): 0 when the first view's CSS is inlined. */
    cssLinks: number;
  };
  /** The connected screen's initial set (landing + wallet app) as sent gzip: JavaScript, stylesheets, index.html. */
  initialGzip: number;
  initialCssGzip: number;
  initialHtmlGzip: number;
  /** Their sum: what the 230 KB budget counts. */
  initialSetGzip: number;
  initialSetBrotli: number;
  initialSetGzip9: number;
  initialRaw: number;
  initialFiles: string[];
  totalGzip: number;
  totalRaw: number;
  lazyChunks: { file: string; gzip: number }[];
  confettiLazy: boolean;
  modalsLazy: boolean;
  buildMs: number;
}

const gzip9 = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;
// A string only canvas-confetti's own code holds (one of its option names).
const CONFETTI_MARKER = 'disableForReducedMotion';

/** Measures `distDir` as it is, or (without it) static/dist after building it when stale. */
export function measureBundle(distDir?: string): BundleResult {
  const t0 = performance.now();
  if (!distDir) buildBundleIfStale();
  const buildMs = performance.now() - t0;
  const dist = distDir ?? path.dirname(DIST_INDEX);
  const at = (f: string) => path.join(dist, f);
  const read = (f: string) => fs.readFileSync(at(f));
  const raw = (f: string) => fs.statSync(at(f)).size;
  /** What the server sends for `f` to a client accepting `encoding`: the precompressed sibling, or the file. */
  const sent = (encoding: 'br' | 'gz') => (f: string) =>
    fs.existsSync(at(`${f}.${encoding}`)) ? raw(`${f}.${encoding}`) : raw(f);
  const br = sent('br');
  const gz = sent('gz');
  const sum = (files: string[], size: (f: string) => number) => files.reduce((s, f) => s + size(f), 0);

  const html = read('index.html').toString('utf8');
  // Scripts and stylesheet links, whatever the order of their attributes (html-webpack-plugin writes href first).
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map(([tag]) => tag);
  const refOf = (tag: string) => /\s(?:src|href)="\/static\/dist\/([^"]+)"/.exec(tag)?.[1];
  const landingJs = tags.filter((t) => t.startsWith('<script')).flatMap((t) => refOf(t) ?? []);
  const linkedCss = tags.filter((t) => /\srel="stylesheet"/.test(t)).flatMap((t) => refOf(t) ?? []);
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1].length, 0);
  const groups = JSON.parse(read(CHUNK_GROUPS_FILE).toString('utf8')) as Record<string, string[]>;
  const walletApp = groups[WALLET_APP_GROUP] ?? [];

  const initialFiles = [...new Set(['index.html', ...landingJs, ...linkedCss, ...walletApp])];
  const initialJs = initialFiles.filter((f) => f.endsWith('.js'));
  const initialCss = initialFiles.filter((f) => f.endsWith('.css'));
  const assets = fs.readdirSync(dist).filter((f) => /\.(js|css)$/.test(f));
  const allJs = assets.filter((f) => f.endsWith('.js'));
  const initial = new Set(initialFiles);
  const lazy = assets.filter((f) => !initial.has(f));
  const holdsConfetti = (f: string) => read(f).toString('utf8').includes(CONFETTI_MARKER);
  return {
    landing: {
      files: landingJs,
      jsBrotli: sum(landingJs, br),
      jsGzip: sum(landingJs, gz),
      jsRaw: sum(landingJs, raw),
      htmlBrotli: br('index.html'),
      htmlGzip: gz('index.html'),
      inlineCssRaw: inlineCss,
      cssLinks: linkedCss.length,
    },
    initialGzip: sum(initialJs, gz),
    initialCssGzip: sum(initialCss, gz),
    initialHtmlGzip: gz('index.html'),
    initialSetGzip: sum(initialFiles, gz),
    initialSetBrotli: sum(initialFiles, br),
    initialSetGzip9: sum(initialFiles, (f) => gzip9(read(f))),
    initialRaw: sum(initialJs, raw),
    initialFiles,
    totalGzip: sum(allJs, gz),
    totalRaw: sum(allJs, raw),
    lazyChunks: lazy.map((file) => ({ file, gzip: gz(file) })),
    confettiLazy: !initialJs.some(holdsConfetti) && lazy.some(holdsConfetti),
    modalsLazy: lazy.some((f) => f.startsWith('trash-')) && !initialJs.some((f) => f.startsWith('trash-')),
    buildMs,
  };
}
