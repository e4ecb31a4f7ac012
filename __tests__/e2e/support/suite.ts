// One real server and one Chromium for a test file: started before its tests (then `ready` runs with both), closed
// after them. Every browser context a test pushes onto the returned list is closed when that test ends.
// `openWallet` makes such a context with the test wallet installed: the suite's wallet features (option `wallet`,
// default sign-only) unless a test names others, sending to this suite's server.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';
import { type TestWallet, type TestWalletOptions, type WalletFeature, installTestWallet } from './testWallet';

export interface BrowserSuiteOptions {
  /** The test wallet's features for `openWallet` (testWallet.ts WALLET_KINDS). */
  wallet?: readonly WalletFeature[];
}

export type SuiteContexts = BrowserContext[] & {
  /** A new context (closed after the test) with the test wallet installed; `viewport` defaults to 1280×900. */
  openWallet(
    options?: TestWalletOptions & { viewport?: { width: number; height: number } },
  ): Promise<{ context: BrowserContext; wallet: TestWallet }>;
};

export function browserSuite(
  ready: (server: TestServer, browser: Browser) => void | Promise<void>,
  options: BrowserSuiteOptions = {},
): SuiteContexts {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts = [] as unknown as SuiteContexts;
  contexts.openWallet = async ({ viewport = { width: 1280, height: 900 }, ...walletOptions } = {}) => {
    const context = await browser!.newContext({ viewport });
    contexts.push(context);
    const wallet = await installTestWallet(context, {
      features: options.wallet,
      rpcUrl: `${server!.url}/api/rpc`,
      ...walletOptions,
    });
    return { context, wallet };
  };
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
