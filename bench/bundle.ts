// Bundle size after a production build: the initial set is what static/dist/index.html loads (its <script> and
// stylesheet links); the rest are lazy chunks. Sizes are gzip -9 of each file, as a server would send them.
// The budget (ARCHITECTURE, initial bundle): the initial set, JavaScript and CSS together, at most 230 KB gzip — checked by
// __tests__/e2e/bundle.test.ts and shown by `npm run bench`.
// What is inside the initial JS, per package: `npx tsx bench/bundlePackages.ts`.
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { DIST_INDEX, buildBundleIfStale } from '../__tests__/e2e/support/buildBundle';

/** 230 KB (KiB) gzip for everything static/dist/index.html loads. */
export const INITIAL_SET_BUDGET_BYTES = 230 * 1024;

export interface BundleResult {
  /** The initial JavaScript only. */
  initialGzip: number;
  /** The initial stylesheets. */
  initialCssGzip: number;
  /** JavaScript and CSS the first page loads: what the budget counts. */
  initialSetGzip: number;
  initialRaw: number;
  totalGzip: number;
  totalRaw: number;
  initialFiles: string[];
  lazyChunks: { file: string; gzip: number }[];
  confettiLazy: boolean;
  modalsLazy: boolean;
  buildMs: number;
}

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
// A string only canvas-confetti's own code holds (one of its option names).
const CONFETTI_MARKER = 'disableForReducedMotion';

/** Measures `distDir` as it is, or (without it) static/dist after building it when stale. */
export function measureBundle(distDir?: string): BundleResult {
  const t0 = performance.now();
  if (!distDir) buildBundleIfStale();
  const buildMs = performance.now() - t0;
  const dist = distDir ?? path.dirname(DIST_INDEX);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // Scripts and stylesheet links, whatever the order of their attributes (html-webpack-plugin writes href first).
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].flatMap(([tag]) => {
    const ref = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return ref && (tag.startsWith('<script') || /\srel="stylesheet"/.test(tag)) ? [ref] : [];
  });
  const initialFiles = refs.filter((r) => r.startsWith('/static/dist/')).map((r) => path.basename(r));
  const assets = fs.readdirSync(dist).filter((f) => /\.(js|css)$/.test(f));
  const initial = new Set(initialFiles);
  const size = (files: string[], f: (p: string) => number) => files.reduce((s, x) => s + f(path.join(dist, x)), 0);
  const raw = (p: string) => fs.statSync(p).size;
  const initialJs = [...initial].filter((f) => f.endsWith('.js'));
  const initialCss = [...initial].filter((f) => f.endsWith('.css'));
  const holdsConfetti = (f: string) => fs.readFileSync(path.join(dist, f), 'utf8').includes(CONFETTI_MARKER);
  const lazy = assets.filter((f) => !initial.has(f));
  return {
    initialGzip: size(initialJs, gzip),
    initialCssGzip: size(initialCss, gzip),
    initialSetGzip: size([...initialJs, ...initialCss], gzip),
    initialRaw: size(initialJs, raw),
    totalGzip: size(
      assets.filter((f) => f.endsWith('.js')),
      gzip,
    ),
    totalRaw: size(
      assets.filter((f) => f.endsWith('.js')),
      raw,
    ),
    initialFiles,
    lazyChunks: lazy.map((file) => ({ file, gzip: gzip(path.join(dist, file)) })),
    confettiLazy: !initialJs.some(holdsConfetti) && lazy.some(holdsConfetti),
    modalsLazy: lazy.some((f) => f.startsWith('trash-')) && !initialJs.some((f) => f.startsWith('trash-')),
    buildMs,
  };
}
