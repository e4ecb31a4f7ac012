// The second chain reader in Chromium (PRODUCT difference 10; RELIABILITY, the second reader). Two chain endpoints:
// the page is loaded through a hostile proxy (support/hostileProxy.ts) whose /api/rpc lies — an empty token account
// "holds" 100 SOL in getMultipleAccounts, and every simulation adds the same to the owner's balance after it — while
// its listing and the prepared close add a fee of 1 % of the made-up 100 SOL, paid to the real fee wallet. The second
// endpoint (support/secondRpc.ts) answers from the real chain on another origin. Without a second reader the lie
// passes the guard and reaches the wallet (the documented gap; the wallet declines); with the reader set in the page's
// settings field the page refuses, says which reader disagrees about what, and never asks the wallet; an honest
// answer with the reader set reaches the wallet. Nothing moves in any case.
import { SECOND_READER } from '../../src/common/texts';
import { type FlowSession, openFlow } from './hostileFlows';
import { type HostileProxy, startHostileProxy } from './support/hostileProxy';
import {
  type LieEnv,
  attempt as attemptWith,
  expectSecondReaderRefused,
  lyingRules as lie,
} from './support/lyingChain';
import { type SecondRpc, startSecondRpc } from './support/secondRpc';
import { browserSuite } from './support/suite';

jest.setTimeout(180_000);

let proxy: HostileProxy;
let second: SecondRpc;
let feeWallet: string;
let s: FlowSession;

const suite = browserSuite({}, async (suite) => {
  [proxy, second] = await Promise.all([startHostileProxy(suite.url), startSecondRpc(suite.url)]);
  feeWallet = suite.server.app.config.feeWallet;
  await suite.post('localnet/fund', { owner: feeWallet });
  s = await openFlow(
    {
      newContext: () => suite.newContext(),
      proxy,
      fund: async (owner) => suite.fund(owner, 'demo'),
    },
    'vacant close',
  );
});
afterAll(async () => {
  expect(s?.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await Promise.all([proxy?.close(), second?.close()]);
});

const env = (): LieEnv => ({ s, proxy, second, connection: suite.connection, feeWallet });
const attempt = (rules: Parameters<typeof attemptWith>[1]) => attemptWith(env(), rules);
const lyingRules = () => lie(feeWallet);

test('without a second reader, a server lying in /api/rpc too gets its made-up fee to the wallet (the gap)', async () => {
  const r = await attempt(lyingRules());
  expect(r.text).toMatch(/cancelled/i); // the guard let it through; the wallet declined
  expect(r.signCalls).toBeGreaterThan(0);
  expect(r.secondReads).toBe(0);
  expect(r.moved).toBe(0);
});

test('with the second reader set in the settings field, the page refuses and says why; the wallet is never asked', async () => {
  const { page } = s;
  await page.getByText(SECOND_READER.summary).click();
  await page.getByLabel(SECOND_READER.label).fill(second.url);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: SECOND_READER.save }).click()]);
  await s.reload(); // the wallet reconnects, the assets load (the CSP now allows the reader's origin)
  await expect(page.getByTestId('second-reader-status').textContent()).resolves.toBe(
    SECOND_READER.inUse(second.origin),
  );

  expectSecondReaderRefused(await attempt(lyingRules()), second.origin);
});

test('with the second reader set, an honest answer is checked against both and reaches the wallet', async () => {
  const r = await attempt([]);
  expect(r.secondReads).toBeGreaterThan(0);
  expect(r.signCalls).toBeGreaterThan(0);
  expect(r.text).toMatch(/cancelled/i);
  expect(r.moved).toBe(0);
});
