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

  it('finds feature folders that import each other and counts the pairs on a loop', () => {
    const edges = check.unitEdges({
      'features/tokens/TokenCard.tsx': ['features/burn/index.ts', 'features/tokens/tokensSlice.ts'],
      'features/burn/burnRecord.ts': ['features/tokens/index.ts'],
      'features/value/valueSlice.ts': ['features/selection/index.ts'],
      'features/selection/selectionSlice.ts': ['features/tokens/index.ts'],
      'features/tokens/tokensSlice.ts': ['features/value/index.ts'],
      'App.tsx': ['features/shell/index.ts'],
    });
    expect(check.mutualPairs(edges)).toEqual(['burn <-> tokens']);
    // burn, tokens, value and selection all reach one another (tokens > value > selection > tokens): 6 pairs.
    expect(check.loopedPairCount(edges)).toBe(6);
  });
});
