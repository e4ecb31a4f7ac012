// What the first page's JavaScript is made of: `npx tsx bench/bundlePackages.ts [top]`. Builds the production
// config once more into a temp folder, without module concatenation and with module paths as ids, then takes each
// module's minified text out of the initial files and sums gzip -9 per npm package ('(our src)' for src/**).
// A nested copy shows as 'pkg (copy in owner)'. The figures add up to a little more than the real gzip of the file
// (each package compresses on its own); use them to see what to move out, and bench/bundle.ts for the real size.
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import { parse } from 'acorn';
import webpack from 'webpack';
import makeConfig from '../webpack.config';
import { measureBundle } from './bundle';

export interface PackageSize {
  pkg: string;
  gzip: number;
  minified: number;
}

export function packageOf(moduleId: string): string {
  const at = moduleId.lastIndexOf('node_modules/');
  if (at < 0) return moduleId.startsWith('./src/') ? '(our src)' : '(webpack)';
  const name = (rest: string) =>
    rest
      .split('/')
      .slice(0, rest.startsWith('@') ? 2 : 1)
      .join('/');
  const pkg = name(moduleId.slice(at + 'node_modules/'.length));
  const outer = moduleId.lastIndexOf('node_modules/', at - 1);
  return outer < 0 ? pkg : `${pkg} (copy in ${name(moduleId.slice(outer + 'node_modules/'.length))})`;
}

function build(outDir: string): Promise<void> {
  const config = makeConfig({}, { mode: 'production' });
  config.output = { ...config.output, path: outDir };
  config.optimization = { ...config.optimization, concatenateModules: false, moduleIds: 'named' };
  return new Promise((resolve, reject) =>
    webpack(config, (err, stats) =>
      err || stats?.hasErrors() ? reject(err ?? new Error(stats?.toString('errors-only'))) : resolve(),
    ),
  );
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Module id → minified text, from webpack's module table `{"./path"(e,t,r){...}, ...}` in one output file. */
function modulesOf(code: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: Node): void => {
    const key = node.key as { type: string; value?: unknown } | undefined;
    if (
      node.type === 'Property' &&
      key?.type === 'Literal' &&
      typeof key.value === 'string' &&
      /^\.\.?\//.test(key.value) // '../' too: node_modules linked from elsewhere
    ) {
      const value = node.value as Node;
      found.set(key.value, code.slice(value.start, value.end));
      return;
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.forEach((c) => c && typeof c.type === 'string' && walk(c));
      else if (child && typeof (child as Node).type === 'string') walk(child as Node);
    }
  };
  walk(parse(code, { ecmaVersion: 'latest' }) as unknown as Node);
  return found;
}

/** `bySource`: our own modules one by one (src/…) instead of summed as '(our src)'; packages stay summed. */
export async function packageBreakdown(bySource = false): Promise<{ initialGzip: number; packages: PackageSize[] }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-bundle-'));
  try {
    await build(outDir);
    const measured = measureBundle(outDir);
    const byPackage = new Map<string, string[]>();
    for (const file of measured.initialFiles.filter((f) => f.endsWith('.js'))) {
      for (const [id, text] of modulesOf(fs.readFileSync(path.join(outDir, file), 'utf8'))) {
        const key = bySource && packageOf(id) === '(our src)' ? id.slice(2) : packageOf(id);
        byPackage.set(key, [...(byPackage.get(key) ?? []), text]);
      }
    }
    const packages = [...byPackage].map(([pkg, texts]) => ({
      pkg,
      gzip: zlib.gzipSync(texts.join('\n'), { level: 9 }).length,
      minified: texts.reduce((n, t) => n + t.length, 0),
    }));
    return { initialGzip: measured.initialGzip, packages: packages.sort((a, b) => b.gzip - a.gzip) };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/bundlePackages.ts [top] [src]`: with `src`, our own modules are listed one by one.
  const top = Number(process.argv[2] ?? 40);
  void packageBreakdown(process.argv[3] === 'src').then(({ initialGzip, packages }) => {
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
    console.log(`initial JS (unconcatenated build): ${kb(initialGzip)} KB gzip`);
    for (const p of packages.slice(0, top)) console.log(`${kb(p.gzip)} KB gzip ${kb(p.minified)} KB min  ${p.pkg}`);
  });
}
