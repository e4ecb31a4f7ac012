// The one harness every browser test file uses: one real server and one Chromium per file (the only place e2e tests
// launch Chromium), started before the file's tests and closed after them. Contexts opened through the suite close by
// themselves: one opened inside a test when that test ends, one opened while the file sets up when the file ends.
import { Connection } from '@solana/web3.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../../backend/config';
import { launchBrowser, watchErrors } from './browser';
import { postApi, startServer, type TestServer } from './server';
import { installTestWallet, type TestWallet, type TestWalletOptions, type WalletFeature } from './testWallet';

export const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** What the local chain funds a wallet with (`POST /api/localnet/fund`); null leaves the wallet empty. */
export type FundingProfile = 'demo' | 'large' | null;

export interface SuiteOptions {
  /** Settings of this file's server (a rent rate, a picture host the image proxy may reach, …). */
  server?: Partial<Config>;
  /** The test wallet's features in this file's sessions (testWallet.ts WALLET_KINDS; default sign-only). */
  wallet?: readonly WalletFeature[];
}

export interface ContextOptions {
  viewport?: ViewportName;
  reducedMotion?: 'reduce' | 'no-preference';
}

export interface SessionOptions extends ContextOptions {
  /** What the wallet is funded with before the page opens (default 'demo'). */
  profile?: FundingProfile;
  /** The test wallet's name, features and answers (support/testWallet.ts). */
  wallet?: TestWalletOptions;
  /** Open the page and connect the wallet through the wallet modal (default true). */
  connect?: boolean;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
  owner: string;
  /** The funding manifest (what the profile created), null without a profile. */
  manifest: any;
  /** Page errors, console errors and failed responses seen so far (support/browser.ts). */
  errors: string[];
}

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly url: string;
  /** The server's chain through its own `/api/rpc`, at 'confirmed'. */
  readonly connection: Connection;
  post(route: string, body: unknown): Promise<any>;
  /** Funds `owner` on the local chain with a profile and answers its manifest. */
  fund(owner: string, profile: Exclude<FundingProfile, null>): Promise<any>;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A context at a viewport with the test wallet installed, funded by a profile, the page open and connected. */
  session(options?: SessionOptions): Promise<Session>;
  /** Opens the page and connects `wallet` through the wallet modal; resolves when the assets screen shows. */
  connect(page: Page, wallet: { name: string }): Promise<void>;
}

/** Registers beforeAll/afterAll/afterEach in the calling file; `ready` runs once the server and Chromium are up. */
export function browserSuite(
  options: SuiteOptions = {},
  ready?: (suite: BrowserSuite) => void | Promise<void>,
): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let connection: Connection | undefined;
  let inTest = false;
  const testContexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`browserSuite: ${what} is read before the suite started`);
    return value;
  };

  const suite: BrowserSuite = {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get url() {
      return started(server, 'the server').url;
    },
    get connection() {
      return started(connection, 'the connection');
    },
    post: (route, body) => postApi(suite.url, route, body),
    async fund(owner, profile) {
      const answer = await suite.post('localnet/fund', { owner, profile });
      if (!answer.success) throw new Error(`funding ${owner} (${profile}) failed: ${JSON.stringify(answer)}`);
      return answer.manifest;
    },
    async newContext({ viewport = 'desktop', reducedMotion = 'no-preference' } = {}) {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion });
      (inTest ? testContexts : fileContexts).push(context);
      return context;
    },
    async connect(page, wallet) {
      await page.goto(suite.url);
      await page.getByRole('button', { name: 'Select Wallet' }).first().click();
      await page
        .locator('.wallet-adapter-modal-wrapper')
        .getByRole('button', { name: new RegExp(wallet.name) })
        .click();
      await page.getByRole('heading', { name: 'Your Wallet Assets' }).waitFor();
    },
    async session({ profile = 'demo', wallet: walletOptions, connect = true, ...contextOptions } = {}) {
      const context = await suite.newContext(contextOptions);
      // A sign-and-send test wallet sends to this file's server.
      const wallet = await installTestWallet(context, {
        features: options.wallet,
        rpcUrl: `${suite.url}/api/rpc`,
        ...walletOptions,
      });
      const owner = wallet.keypair.publicKey.toBase58();
      const manifest = profile ? await suite.fund(owner, profile) : null;
      const page = await context.newPage();
      const errors = watchErrors(page);
      if (connect) await suite.connect(page, wallet);
      return { context, page, wallet, owner, manifest, errors };
    },
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options.server), launchBrowser()]);
    connection = new Connection(`${server.url}/api/rpc`, 'confirmed');
    await ready?.(suite);
  }, 240_000);
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    for (const c of testContexts.splice(0)) await c.close();
  });
  afterAll(async () => {
    for (const c of fileContexts.splice(0)) await c.close();
    await browser?.close();
    await server?.close();
  });
  return suite;
}
