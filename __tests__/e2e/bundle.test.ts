// The first page's budget (ARCHITECTURE, initial bundle): everything static/dist/index.html loads — JavaScript and CSS, gzip -9 as a
// server sends it — stays within 230 KB. What the first screen does not need is in lazy chunks; this test names the
// ones that carry the most, so moving one of them back into the page fails here with its name, not only by size.
// (globalSetup has built the production bundle; measureBundle is the one measure, shared with `npm run bench`.)
import { INITIAL_SET_BUDGET_BYTES, measureBundle } from '../../bench/bundle';

const LAZY = ['burn-flows', 'vacant-flow', 'asset-grid', 'asset-lists', 'read-only-check', 'trash-flows', 'nft-burn'];

it('the initial set (JS + CSS) is at most 230 KB gzip', () => {
  const bundle = measureBundle();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `initial set ${kb(bundle.initialSetGzip)} gzip (JS ${kb(bundle.initialGzip)}, CSS ${kb(bundle.initialCssGzip)})`,
  );
  expect(bundle.initialFiles.some((f) => f.endsWith('.js'))).toBe(true);
  expect(bundle.initialSetGzip).toBe(bundle.initialGzip + bundle.initialCssGzip);
  expect(bundle.initialSetGzip).toBeLessThanOrEqual(INITIAL_SET_BUDGET_BYTES);
});

it('the review step, the flows that sign, the asset grid and the rarely shown lists are lazy chunks', () => {
  const { initialFiles, lazyChunks } = measureBundle();
  for (const name of LAZY) {
    expect(initialFiles.filter((f) => f.startsWith(`${name}.`))).toEqual([]);
    expect(lazyChunks.some((c) => c.file.startsWith(`${name}.`) && c.file.endsWith('.js'))).toBe(true);
  }
});
