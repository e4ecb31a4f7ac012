// Chromium for browser tests: the Debian build driven by playwright-core (never `playwright install`), offline.
// Launched only by the e2e harness (support/suite.ts) and the bench. The page asks no third party for anything (fonts
// included, PRODUCT difference 16), so nothing is stubbed.
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Collects page errors, console errors and failed HTTP responses (by URL; the console's own "Failed to load
 * resource" lines say less and are left out), so a test can assert the page stayed healthy.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`));
  return errors;
}
