// The budgets of a fast first view (docs/ARCHITECTURE.md, "First view"), in the bytes the server sends:
// - the landing's JavaScript at most 100 KB brotli, with no web3.js, no store and no assets screen in it, and its CSS
//   inlined (no render-blocking stylesheet request);
// - the connected screen's initial set (the landing plus the wallet app's chunk group) at most 230 KB gzip.
// What the first screens do not need is in lazy chunks; this test names the ones that carry the most, so moving one
// of them back fails here with its name, not only by size.
// (globalSetup has built the production bundle; measureBundle is the one measure, shared with `npm run bench`.)
import fs from 'fs';
import path from 'path';
import { INITIAL_SET_BUDGET_BYTES, LANDING_JS_BUDGET_BYTES, WALLET_APP_GROUP, measureBundle } from '../../bench/bundle';
import { DIST_INDEX } from './support/buildBundle';

const LAZY = [
  WALLET_APP_GROUP,
  'burn-flows',
  'vacant-flow',
  'asset-grid',
  'asset-lists',
  'read-only-check',
  'trash-flows',
  'nft-burn',
  'settings',
];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const dist = path.dirname(DIST_INDEX);

it('the landing: its JavaScript at most 100 KB brotli, its CSS inline', () => {
  const { landing } = measureBundle();
  console.log(
    `landing JS ${kb(landing.jsBrotli)} brotli (${kb(landing.jsGzip)} gzip, ${kb(landing.jsRaw)} raw); ` +
      `index.html ${kb(landing.htmlBrotli)} brotli with ${kb(landing.inlineCssRaw)} of CSS inline`,
  );
  expect(landing.files.length).toBeGreaterThan(0);
  expect(landing.jsBrotli).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  expect(landing.cssLinks).toBe(0);
  expect(landing.inlineCssRaw).toBeGreaterThan(0);
});

it('the landing pulls in neither the assets screen nor web3.js, the store or the wallet adapters', () => {
  const { landing } = measureBundle();
  const code = landing.files.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  // Each marker is a string only that code holds: the connected screen's test id, web3.js's PublicKey error, the
  // Redux store's own error text, the wallet adapter's name for Phantom.
  for (const marker of ['"assets-screen"', 'Invalid public key input', '@@redux/INIT', 'Phantom']) {
    expect([marker, code.includes(marker)]).toEqual([marker, false]);
  }
  const walletApp = fs.readdirSync(dist).filter((f) => f.startsWith(`${WALLET_APP_GROUP}.`) && f.endsWith('.js'));
  expect(walletApp.some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('"assets-screen"'))).toBe(true);
});

it('the connected screen: landing + wallet app at most 230 KB gzip as sent', () => {
  const bundle = measureBundle();
  console.log(
    `connected set ${kb(bundle.initialSetGzip)} gzip (JS ${kb(bundle.initialGzip)}, CSS ${kb(bundle.initialCssGzip)}, ` +
      `HTML ${kb(bundle.initialHtmlGzip)}); ${kb(bundle.initialSetBrotli)} brotli; zlib -9: ${kb(bundle.initialSetGzip9)}`,
  );
  expect(bundle.initialSetGzip).toBe(bundle.initialGzip + bundle.initialCssGzip + bundle.initialHtmlGzip);
  expect(bundle.initialSetGzip).toBeLessThanOrEqual(INITIAL_SET_BUDGET_BYTES);
});

it('the wallet app, the review step, the flows that sign, the asset grid and the rarely shown lists are lazy chunks', () => {
  const { landing, initialFiles, lazyChunks } = measureBundle();
  for (const name of LAZY) {
    expect([name, landing.files.filter((f) => f.startsWith(`${name}.`))]).toEqual([name, []]);
    if (name !== WALLET_APP_GROUP) expect(initialFiles.filter((f) => f.startsWith(`${name}.`))).toEqual([]);
    const file = name === WALLET_APP_GROUP ? initialFiles : lazyChunks.map((c) => c.file);
    expect([name, file.some((f) => f.startsWith(`${name}.`) && f.endsWith('.js'))]).toEqual([name, true]);
  }
});
