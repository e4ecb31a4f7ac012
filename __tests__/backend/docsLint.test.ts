// The docs lint of `npm run lint` (scripts/check-docs.js): comments cite docs/PRODUCT.md sections by anchor, never an
// outside specification's numbered section. Runs on the repository as committed and on small trees written for the test.
import fs from 'fs';
import os from 'os';
import path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script (CommonJS)
const check = require('../../scripts/check-docs.js') as {
  docsProblems: (root: string) => string[];
  anchorOf: (heading: string) => string;
  MARKDOWN_MAX_BYTES: number;
};

const root = path.resolve(__dirname, '../..');
const SECTION_SIGN = '\u00a7'; // written as an escape so that this file passes the lint it tests

function problemsIn(files: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return check.docsProblems(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Citations are put together so that this file's own source cites no anchor the repository lacks.
const cite = (anchors: string) => `docs/PRODUCT.md${anchors}`;
const product = '# The product\n\n## The flows\n\n### Trash a cNFT\n\n## Figures and limits\n';

describe('docs lint', () => {
  it('finds nothing in the repository as committed', () => {
    expect(check.docsProblems(root)).toEqual([]);
  });

  it.each([
    'src/a/b.ts',
    'backend/a/b.ts',
    '__tests__/a/b.ts',
    'scripts/a/b.js',
    'bench/a/b.ts',
    'README.md',
    'docs/X.md',
  ])('fails on a section sign in %s, naming the file and line', (file) => {
    const problems = problemsIn({
      'docs/PRODUCT.md': product,
      [file]: `const a = 1;\n// as spec ${SECTION_SIGN}4.6 says\n`,
    });
    expect(problems).toEqual([`${file}:2: a section sign; cite a docs/PRODUCT.md section (its #anchor) instead`]);
  });

  it('accepts citations of existing headings, lists of them, and fails on one that is not a heading', () => {
    expect(
      problemsIn({
        'docs/PRODUCT.md': product,
        'src/ok.ts': `// (${cite('#trash-a-cnft, #figures-and-limits and #the-flows')})\n`,
      }),
    ).toEqual([]);
    expect(
      problemsIn({
        'docs/PRODUCT.md': product,
        'src/x.ts': `// ${cite('#trash-a-cnft, #vacant-accounts')}\n`,
        'README.md': `See ${cite('#figures')}.\n`,
      }),
    ).toEqual([
      'src/x.ts:1 #vacant-accounts: docs/PRODUCT.md has no heading with this anchor',
      'README.md:1 #figures: docs/PRODUCT.md has no heading with this anchor',
    ]);
  });

  it('fails on a README longer than 160 lines, and not on one of 160', () => {
    const readme = (lines: number) => Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(problemsIn({ 'docs/PRODUCT.md': product, 'README.md': readme(160) })).toEqual([]);
    expect(problemsIn({ 'docs/PRODUCT.md': product, 'README.md': readme(161) })).toEqual([
      'README.md: 161 lines, more than 160; move the detail to docs/ (docs/SETTINGS.md, …)',
    ]);
  });

  it('fails on top-level and docs/ Markdown over 110 KB together, counting no other folder', () => {
    const limit = check.MARKDOWN_MAX_BYTES;
    expect(limit).toBe(110 * 1024);
    const text = (bytes: number) => 'x'.repeat(bytes - 1) + '\n';
    const half = Math.floor(limit / 2);
    const atLimit = {
      'docs/PRODUCT.md': product,
      'README.md': text(half),
      'docs/X.md': text(limit - half - product.length),
    };
    expect(problemsIn(atLimit)).toEqual([]);
    expect(problemsIn({ ...atLimit, 'backend/notes/README.md': text(limit) })).toEqual([]);
    const over = problemsIn({ ...atLimit, 'docs/sub/Y.md': 'x' });
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(
      new RegExp(`^Markdown: ${limit + 1} bytes in the top-level and docs/ files, more than ${limit} `),
    );
  });

  it('makes anchors as GitHub does: lower case, punctuation dropped, each space a hyphen', () => {
    expect(check.anchorOf("The server's calls")).toBe('the-servers-calls');
    expect(check.anchorOf('Vacant-accounts banner')).toBe('vacant-accounts-banner');
    expect(check.anchorOf('Burn cNFT and the network fee')).toBe('burn-cnft-and-the-network-fee');
  });
});
