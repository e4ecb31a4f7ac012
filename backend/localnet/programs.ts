// Where the SPL Noop program binary lives (fetched by scripts/fetch-programs.js at npm install).
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot';

export function noopProgramPath(): string {
  const candidates = [
    path.join(PACKAGE_ROOT, 'node_modules/.solback-programs/spl_noop.so'),
    path.resolve(process.cwd(), 'node_modules/.solback-programs/spl_noop.so'),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('spl_noop.so is missing: run `node scripts/fetch-programs.js` (npm install does it)');
  return found;
}
