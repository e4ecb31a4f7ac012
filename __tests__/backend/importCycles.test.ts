// The import-cycle check of `npm run lint` (ARCHITECTURE, rules the tools enforce): madge with the repository's own
// .madgerc on files written for the test, and the feature-level counting of scripts/check-cycles.js on small graphs.
import fs from 'fs';
import os from 'os';
import path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script (CommonJS)
const check = require('../../scripts/check-cycles.js') as {
  graphOf: (dir: string) => Promise<{ circular(): string[][] }>;
  unitEdges: (imports: Record<string, string[]>) => [string, string][];
  mutualPairs: (edges: [string, string][]) => string[];
  loopedPairCount: (edges: [string, string][]) => number;
};

async function cyclesIn(files: Record<string, string>): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return (await check.graphOf(dir)).circular();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('import cycles', () => {
  it('counts a loop of value imports', async () => {
    const cycles = await cyclesIn({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(cycles).toEqual([['a.ts', 'b.ts']]);
  });

  it('does not count a loop closed by a type-only import, which TypeScript erases', async () => {
    const cycles = await cyclesIn({
      'a.ts': "import { b } from './b';\nexport interface A { n: number }\nexport const a = () => b;\n",
      'b.ts': "import type { A } from './a';\nexport const b = (x: A) => x.n;\n",
    });
    expect(cycles).toEqual([]);
  });

  it('finds feature areas that import each other and counts the pairs on a loop; parts of one area are one unit', () => {
    const edges = check.unitEdges({
      'features/assets/tokens/TokenCard.tsx': ['features/burn/burn/index.ts', 'features/assets/value/index.ts'],
      'features/burn/burn/burnRecord.ts': ['features/assets/tokens/index.ts'],
      'features/burn/review/reviewStep.ts': ['features/wallet/wallet/index.ts'],
      'features/wallet/wallet/walletSlice.ts': ['features/activity/activity/index.ts'],
      'features/activity/activity/activitySlice.ts': ['features/burn/review/index.ts'],
      'App.tsx': ['features/shell/shell/index.ts'],
    });
    expect(check.mutualPairs(edges)).toEqual(['assets <-> burn']);
    // assets, burn, wallet and activity all reach one another (burn > wallet > activity > burn): 6 pairs.
    expect(check.loopedPairCount(edges)).toBe(6);
  });
});
