// Builds the front end when static/dist/index.html is missing or older than its sources (like `npm start`).
import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';

export const ROOT = path.resolve(__dirname, '../../..');
export const DIST_INDEX = path.join(ROOT, 'static', 'dist', 'index.html');
const SOURCES = ['src', 'webpack.config.ts', 'webpack.firstView.ts', 'package.json'].map((p) => path.join(ROOT, p));

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, e) => Math.max(m, newestMtime(path.join(p, e))), 0);
}

export function bundleIsStale(): string | null {
  if (!fs.existsSync(DIST_INDEX)) return 'static/dist/index.html is missing';
  const built = fs.statSync(DIST_INDEX).mtimeMs;
  const changed = SOURCES.find((p) => newestMtime(p) > built);
  return changed ? `${path.relative(ROOT, changed)} changed since the last build` : null;
}

export function buildBundleIfStale(): void {
  const reason = process.env.E2E_SKIP_BUILD ? null : bundleIsStale();
  if (!reason) return;
  process.stdout.write(`\n[e2e] building the front end (${reason})...\n`);
  const cli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, '--mode', 'production'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`front-end build failed (exit ${result.status})`);
}
