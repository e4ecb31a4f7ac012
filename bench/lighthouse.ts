// The first view, measured: Lighthouse on the landing page (mobile, simulated throttling: its defaults, a mid-range
// phone on a slow 4G link), against Debian's Chromium with the flags the e2e harness uses; then, in the same
// Chromium, the bytes on the wire for the landing and for the connected screen's code (what pressing "Select Wallet"
// loads). Targets (docs/ARCHITECTURE.md, "First view"): performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 100 ms, landing JS on
// the wire ≤ 100 KB. The figures move with the machine's load: run it on an idle machine, several times, and say the load.
// `BENCH_ONLY=lighthouse npm run bench`, or on its own: `npx tsx bench/lighthouse.ts <url>`.
import os from 'os';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../__tests__/e2e/support/browser';

export const LIGHTHOUSE_TARGETS = { performance: 95, lcpMs: 2_500, tbtMs: 100 };

export interface WireBytes {
  /** Bytes received for the page's scripts (headers included), and how many scripts. */
  js: number;
  scripts: number;
  /** Every response (HTML, scripts, CSS, images, /api). */
  total: number;
  /** Content-Encoding of the scripts, e.g. { br: 1 }. */
  encodings: Record<string, number>;
}

export interface LighthouseResult {
  version: string;
  url: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** From Lighthouse's own network records: what the landing moved. */
  landingJsTransfer: number;
  landingTotalTransfer: number;
  renderBlocking: string[];
  /** Chromium, no throttling: the landing, then the connected screen's code after "Select Wallet". */
  landingWire: WireBytes;
  connectWire: WireBytes;
  loadAverage: { before: number; after: number };
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

async function runLighthouse(url: string) {
  // Lighthouse is an ES module; chrome-launcher starts Chromium with a debugging port for it.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The e2e flags, with Chromium's new headless mode (the one Lighthouse supports).
    chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse's defaults, said aloud: a mobile device, simulated throttling (slow 4G, 4× CPU slowdown).
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Loads `url` in Chromium (the e2e harness), records responses, and after `then` records those it caused. */
async function wireBytes(url: string): Promise<{ landing: WireBytes; connect: WireBytes }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const seen = new Map<string, { url: string; encoding?: string; type?: string }>();
    let current: WireBytes = { js: 0, scripts: 0, total: 0, encodings: {} };
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'], type: e.type });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = seen.get(e.requestId);
      if (!r) return;
      current.total += e.encodedDataLength;
      if (r.type === 'Script') {
        current.js += e.encodedDataLength;
        current.scripts += 1;
        const enc = r.encoding ?? 'identity';
        current.encodings[enc] = (current.encodings[enc] ?? 0) + 1;
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const landing = current;
    current = { js: 0, scripts: 0, total: 0, encodings: {} };
    await page.getByRole('button', { name: 'Select Wallet' }).click();
    await page.locator('.wallet-adapter-modal-wrapper').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return { landing, connect: current };
  } finally {
    await browser.close();
  }
}

export async function measureLighthouse(url: string, log: (s: string) => void = () => undefined) {
  const before = os.loadavg()[0];
  const lhr = await runLighthouse(url);
  const audit = (id: string) => lhr.audits[id];
  const items = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => !i.url.startsWith('data:'),
  );
  const blocking = (audit('render-blocking-resources')?.details as { items?: { url: string }[] } | undefined)?.items;
  const wire = await wireBytes(url);
  const result: LighthouseResult = {
    version: lhr.lighthouseVersion,
    url,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint').numericValue ?? NaN,
    lcpMs: audit('largest-contentful-paint').numericValue ?? NaN,
    tbtMs: audit('total-blocking-time').numericValue ?? NaN,
    cls: audit('cumulative-layout-shift').numericValue ?? NaN,
    speedIndexMs: audit('speed-index').numericValue ?? NaN,
    landingJsTransfer: items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0),
    landingTotalTransfer: items.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    renderBlocking: (blocking ?? []).map((i) => i.url),
    landingWire: wire.landing,
    connectWire: wire.connect,
    loadAverage: { before, after: os.loadavg()[0] },
  };
  log(
    `lighthouse ${result.version}: performance ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, ` +
      `TBT ${Math.round(result.tbtMs)} ms; landing JS ${result.landingJsTransfer} B; load ${before.toFixed(2)}`,
  );
  return result;
}

if (require.main === module) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: npx tsx bench/lighthouse.ts <url of a running SolBack>');
  void measureLighthouse(url, console.log).then((r) => console.log(JSON.stringify(r, null, 2)));
}
