// One real server and one Chromium for a test file: started before its tests (then `ready` runs with both), closed
// after them. Every browser context a test pushes onto the returned list is closed when that test ends.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

export function browserSuite(ready: (server: TestServer, browser: Browser) => void | Promise<void>): BrowserContext[] {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await ready(server, browser);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });
  return contexts;
}
