// The second chain reader the operator offers (PUBLIC_SECOND_READER; PRODUCT difference 10), in Chromium. The server
// offers a second endpoint (support/secondRpc.ts, another origin answering from the real chain); the page is loaded
// through a hostile proxy telling the lie of e2e/secondReader.test.ts (an empty account "holds" 100 SOL in the listing
// and in /api/rpc, and the close's fee grows by 1 % of it). With no reader set by the user, the offered one is in use:
// the lie is refused, the wallet never asked. Turned off in the settings field, the page checks against this server
// alone, and the lie reaches the wallet again (the test wallet declines): the reader, not luck, refused it.
import { serviceFee } from '../../src/chain/fees';
import { SECOND_READER } from '../../src/common/texts';
import { type FlowSession, openFlow } from './hostileFlows';
import { type HostileProxy, startHostileProxy } from './support/hostileProxy';
import { CLAIMED, type LieEnv, attempt, expectSecondReaderRefused, lyingRules } from './support/lyingChain';
import { type SecondRpc, startSecondRpc } from './support/secondRpc';
import { type SuiteOptions, browserSuite } from './support/suite';

jest.setTimeout(180_000);

let proxy: HostileProxy;
let second: SecondRpc;
let feeWallet: string;
let s: FlowSession;
let serverUrl = '';

// The reader starts first: the server is started with it as its offered reader (options are read when it starts).
const options: SuiteOptions = { server: {} };
beforeAll(async () => {
  second = await startSecondRpc(() => serverUrl);
  options.server!.publicSecondReader = second.url;
});

const suite = browserSuite(options, async (suite) => {
  serverUrl = suite.url;
  proxy = await startHostileProxy(suite.url);
  feeWallet = suite.server.app.config.feeWallet;
  await suite.post('localnet/fund', { owner: feeWallet });
  s = await openFlow(
    { newContext: () => suite.newContext(), proxy, fund: async (owner) => suite.fund(owner, 'demo') },
    'vacant close',
  );
});
afterAll(async () => {
  expect(s?.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await Promise.all([proxy?.close(), second?.close()]);
});

const env = (): LieEnv => ({ s, proxy, second, connection: suite.connection, feeWallet });
const madeUpFee = serviceFee(CLAIMED - 2_039_280); // ≈ 1 SOL more to the fee wallet, for an account that holds 0.002

test(`with the reader the server offers, the lie (a fee ${madeUpFee} lamports too high) is refused; the wallet is never asked`, async () => {
  await expect(s.page.getByTestId('second-reader-status').textContent()).resolves.toBe(
    SECOND_READER.offered(second.origin),
  );
  expectSecondReaderRefused(await attempt(env(), lyingRules(feeWallet)), second.origin);
});

test('turned off in the settings field, only this server checks: the same lie reaches the wallet', async () => {
  const { page } = s;
  await page.getByText(SECOND_READER.summary).click();
  await page.getByRole('button', { name: SECOND_READER.clear }).click();
  await expect(page.getByTestId('second-reader-status').textContent()).resolves.toBe(
    SECOND_READER.offeredOff(second.origin),
  );
  const r = await attempt(env(), lyingRules(feeWallet));
  expect(r.secondReads).toBe(0);
  expect(r.signCalls).toBeGreaterThan(0);
  expect(r.text).toMatch(/cancelled/i); // the test wallet declines
  expect(r.moved).toBe(0);
});
