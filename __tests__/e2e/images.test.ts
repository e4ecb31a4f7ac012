// PRODUCT difference 16 in real Chromium: the page loads every picture from its own origin (remote ones through
// GET /api/image), fonts and styles from nowhere else, and the CSP holds without a single violation.
// The demo wallet's pictures are this server's own files, so the listings the page receives are rewritten on their
// way (Playwright routes) to point at a picture host on 127.0.0.1 — another origin, as an NFT's host would be.
// The server may reach that one address only through the test-only allowance (Config.testOnlyFetchAddresses).
import fs from 'fs';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { ASSETS } from '../../src/common/texts';
import { solidPng, startImageServer, type ImageServer } from '../support/imageServer';
import { watchErrors } from './support/browser';
import { eventually } from '../support/until';
import { ROOT } from './support/buildBundle';
import type { TestServer } from './support/server';
import { browserSuite } from './support/suite';
import { installTestWallet } from './support/testWallet';

const DEMO = path.join(ROOT, 'static', 'demo');
const RAN = '/svg-script-ran';

let server: TestServer;
let host: ImageServer;

const suite = browserSuite({ server: { testOnlyFetchAddresses: ['127.0.0.1'] } }, async (s) => {
  server = s.server;
  host = await startImageServer();
  // NFT pictures stay SVG (served by the host, as image/svg+xml); token pictures become PNGs.
  for (const f of fs.readdirSync(DEMO).filter((n) => n.endsWith('.svg'))) {
    host.serve(`/demo/${f}`, { type: 'image/svg+xml', body: fs.readFileSync(path.join(DEMO, f)) });
    host.serve(`/png/${f.replace(/\.svg$/, '.png')}`, { type: 'image/png', body: solidPng(32, 32, [153, 69, 255]) });
  }
  host.serve('/evil.svg', {
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>fetch('${host.origin}${RAN}')</script></svg>`,
  });
});

afterAll(async () => {
  await host?.close();
});

/** `/static/demo/x.svg` anywhere in an answer → the picture host (tokens as PNG, the rest as SVG). */
function toRemote(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^\/static\/demo\/([\w-]+)\.svg$/.exec(value);
    if (!m) return value;
    return m[1].startsWith('token-') ? `${host.origin}/png/${m[1]}.png` : `${host.origin}/demo/${m[1]}.svg`;
  }
  if (Array.isArray(value)) return value.map(toRemote);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toRemote(v)]));
  return value;
}

async function remoteListings(context: BrowserContext) {
  await context.route(/\/api\/(wallet-tokens|helius|token-metadata)\//, async (route: Route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: toRemote(await res.json()) });
  });
}

async function openWallet(): Promise<{ page: Page; context: BrowserContext; requests: string[]; errors: string[] }> {
  const keypair = Keypair.generate();
  const funded = await fetch(`${server.url}/api/localnet/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner: keypair.publicKey.toBase58() }),
  });
  expect(funded.status).toBe(200);
  const context = await suite.newContext();
  await installTestWallet(context, { keypair, name: 'Images Test Wallet' });
  await remoteListings(context);
  // Every CSP violation the page sees, from its first script on.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.resourceType()} ${r.url()}`));
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && errors.push(`csp: ${m.text()}`));
  const first = await page.goto(server.url);
  expect(first!.headers()['content-security-policy']).toContain("img-src 'self' data:;");
  await page
    .getByRole('button', { name: /select wallet|connect/i })
    .first()
    .click();
  await page.getByRole('button', { name: /Images Test Wallet/ }).click();
  await page.getByTestId('assets-screen').waitFor({ timeout: 30_000 });
  for (const id of ['tokens-section', 'nfts-section', 'cnfts-section'])
    await page.getByTestId(id).getByText(ASSETS.loading).waitFor({ state: 'detached', timeout: 60_000 });
  return { page, context, requests, errors };
}

describe('pictures and fonts come from our origin only', () => {
  it('every picture on the assets screen loads through /api/image; no request leaves for another host', async () => {
    const { page, context, requests, errors } = await openWallet();
    const cards = page.locator('[data-testid$=card] img');
    for (const img of await cards.all()) await img.scrollIntoViewIfNeeded();
    await eventually(30_000, async () => {
      const broken = await cards.evaluateAll((els) =>
        (els as HTMLImageElement[])
          .filter((e) => !(e.complete && e.naturalWidth > 0) || /default-(token|nft)/.test(e.src))
          .map((e) => e.src),
      );
      expect(broken).toEqual([]);
    });
    const srcs = await page
      .locator('img')
      .evaluateAll((els) =>
        (els as HTMLImageElement[]).map((e) => ({ src: e.getAttribute('src')!, origin: new URL(e.src).origin })),
      );
    const origin = new URL(server.url).origin;
    expect(srcs.filter((s) => s.origin !== origin && !s.src.startsWith('data:'))).toEqual([]);
    const proxied = srcs.filter((s) => s.src.startsWith('/api/image?url='));
    const cardCount = await cards.count();
    console.log(`images: ${cardCount} card pictures, ${proxied.length} through /api/image, host hits`, host.hits);
    expect(cardCount).toBeGreaterThanOrEqual(17); // 6 tokens, the NFTs, the cNFTs of the demo wallet
    expect(proxied.length).toBe(cardCount);
    expect(proxied.some((s) => s.src.includes('.png'))).toBe(true);
    expect(proxied.some((s) => s.src.includes('.svg'))).toBe(true);
    // The host saw the server only, once per picture (the cache and the sharing of identical requests).
    expect(Object.keys(host.hits).length).toBeGreaterThan(5);
    expect(Object.entries(host.hits).filter(([, n]) => n !== 1)).toEqual([]);

    // No request to another host: not the pictures' host, not a font or stylesheet service.
    const foreign = requests.filter((r) => !r.split(' ')[1].startsWith(origin + '/') && !/ data:/.test(r));
    expect(foreign).toEqual([]);
    const fontsAndStyles = requests.filter((r) => /^(font|stylesheet) /.test(r));
    expect(fontsAndStyles.filter((r) => !r.includes(` ${origin}/static/`))).toEqual([]);
    // Fonts and styles: no rule in any stylesheet names another host (no remote @import, @font-face or url()).
    const remoteRules = await page.evaluate(() => {
      const out: string[] = [];
      for (const sheet of Array.from(document.styleSheets)) {
        if (sheet.href && new URL(sheet.href).origin !== location.origin) out.push(`sheet ${sheet.href}`);
        for (const rule of Array.from(sheet.cssRules))
          for (const m of rule.cssText.matchAll(/url\("?([^")]+)"?\)/g))
            if (!m[1].startsWith('data:') && new URL(m[1], location.href).origin !== location.origin) out.push(m[1]);
      }
      return out;
    });
    expect(remoteRules).toEqual([]);
    const families = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(families.startsWith('system-ui')).toBe(true);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("an SVG's script stays inert when the proxied picture is opened as a page (the same file from its host runs)", async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${server.url}/api/image?url=${encodeURIComponent(`${host.origin}/evil.svg`)}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-type']).toBe('image/svg+xml');
    await page.waitForTimeout(1500);
    expect(host.hits[RAN]).toBeUndefined();
    // The control: opened from its own host, without our headers, the very same file runs its script.
    await page.goto(`${host.origin}/evil.svg`);
    await eventually(10_000, async () => expect(host.hits[RAN]).toBe(1));
    await context.close();
  }, 60_000);
});
