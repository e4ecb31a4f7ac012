// The second chain reader in Chromium (PRODUCT difference 10; RELIABILITY, the second reader). Two chain endpoints:
// the page is loaded through a hostile proxy (support/hostileProxy.ts) whose /api/rpc lies — an empty token account
// "holds" 100 SOL in getMultipleAccounts, and every simulation adds the same to the owner's balance after it — while
// its listing and the prepared close add a fee of 1 % of the made-up 100 SOL, paid to the real fee wallet. The second
// endpoint (support/secondRpc.ts) answers from the real chain on another origin. Without a second reader the lie
// passes the guard and reaches the wallet (the documented gap; the wallet declines); with the reader set in the page's
// settings field the page refuses, says which reader disagrees about what, and never asks the wallet; an honest
// answer with the reader set reaches the wallet. Nothing moves in any case.
import { SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { SECOND_READER } from '../../src/common/texts';
import { serializeFitting } from '../support/hostileRewrites';
import { type FlowSession, openFlow } from './hostileFlows';
import { type AnswerRewrite, type HostileProxy, startHostileProxy } from './support/hostileProxy';
import { lamportsOf } from './support/lamports';
import { type SecondRpc, startSecondRpc } from './support/secondRpc';
import { browserSuite } from './support/suite';

jest.setTimeout(180_000);

const CLAIMED = 100_000_000_000; // what the lying server says the empty account holds

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

/** The lie, told consistently by the listing, the prepared close and /api/rpc (reads and simulations). */
function lyingRules(): AnswerRewrite[] {
  let target = '';
  let madeUp = 0;
  const closesTarget = (base64: string) =>
    VersionedTransaction.deserialize(Buffer.from(base64, 'base64')).message.staticAccountKeys.some(
      (k) => k.toBase58() === target,
    );
  return [
    {
      path: /^\/api\/burn-vacant-accounts$/,
      rewrite: (body) => {
        const first = body?.vacantAccounts?.[0];
        if (!first) return body;
        target = first.address;
        madeUp = CLAIMED - first.lamports;
        first.lamports += madeUp;
        body.totalRentLamports += madeUp;
        body.totalRent = body.totalRentLamports / 1e9;
        return body;
      },
    },
    {
      path: /^\/api\/prepare-burn-transactions$/,
      rewrite: (body) => {
        // The one fee transfer grows by 1 % of the made-up lamports (a second transfer would be refused on its own).
        let bumped = false;
        body.transactions = body.transactions.map((b64: string) => {
          const tx = Transaction.from(Buffer.from(b64, 'base64'));
          const fee = tx.instructions.find(
            (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1]?.pubkey.toBase58() === feeWallet,
          );
          if (bumped || !fee) return b64;
          bumped = true;
          fee.data.writeBigUInt64LE(fee.data.readBigUInt64LE(4) + BigInt(serviceFee(madeUp)), 4);
          return serializeFitting(tx);
        });
        body.transaction = body.transactions[0];
        return body;
      },
    },
    {
      path: /^\/api\/rpc$/,
      rewrite: (answer, request) => {
        if (request?.method === 'getMultipleAccounts') {
          const i = (request.params?.[0] ?? []).indexOf(target);
          if (i >= 0 && answer.result?.value?.[i]) answer.result.value[i].lamports += madeUp;
        }
        // The simulation of the transaction that closes the account shows the owner the made-up lamports too.
        const simulated = answer?.result?.value;
        if (request?.method === 'simulateTransaction' && simulated?.accounts?.[0] && closesTarget(request.params[0]))
          simulated.accounts[0].lamports += madeUp;
        return answer;
      },
    },
  ];
}

/** One recovery through the page: the text it shows, the wallet's signing requests and the lamports that moved. */
async function attempt(rules: AnswerRewrite[]) {
  const owners = [s.owner, feeWallet];
  const before = await lamportsOf(suite.connection, owners);
  const calls = s.signCalls();
  const asked = second.methods.get('getMultipleAccounts') ?? 0;
  proxy.rules = rules;
  try {
    const text = await s.act();
    const after = await lamportsOf(suite.connection, owners);
    return {
      text,
      signCalls: s.signCalls() - calls,
      moved: after.reduce((m, a, i) => m + Math.abs(a - before[i]), 0),
      secondReads: (second.methods.get('getMultipleAccounts') ?? 0) - asked,
    };
  } finally {
    proxy.rules = [];
  }
}

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

  const r = await attempt(lyingRules());
  expect(r.text).toContain(
    `Your second chain reader (${second.origin}) and this server disagree about the lamports of`,
  );
  expect(r.text).toContain('Nothing was signed.');
  expect(r.secondReads).toBeGreaterThan(0);
  expect(r.signCalls).toBe(0);
  expect(r.moved).toBe(0);
});

test('with the second reader set, an honest answer is checked against both and reaches the wallet', async () => {
  const r = await attempt([]);
  expect(r.secondReads).toBeGreaterThan(0);
  expect(r.signCalls).toBeGreaterThan(0);
  expect(r.text).toMatch(/cancelled/i);
  expect(r.moved).toBe(0);
});
