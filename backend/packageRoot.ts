// The folder holding package.json, static/ and node_modules/: the same whether the server runs from its TypeScript
// (tests, tools) or compiled to dist/server/ (`npm run serve`, the image), so no path depends on where the code sits.
import fs from 'node:fs';
import path from 'node:path';

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const PACKAGE_ROOT = findPackageRoot(__dirname);
