// The hostile-server suite (PRODUCT difference 10): a real HTTP proxy between the page and the real server
// (support/hostileProxy.ts) rewrites the server's JSON answers in the ten ways (support/hostileRewrites.ts)
// for every flow whose transactions the server builds — vacant closes (with surplus withdrawal, on by default), bulk
// NFT burns and the cNFT queue's delegations — and the built page in Chromium must refuse each: the guard's text is
// shown, the wallet is never asked, and the owner's and the fee wallet's lamports are unchanged to the lamport (read
// from the chain past the proxy). Token burns are built in the page from the chain, so no answer carries their
// transactions: here the proxy swaps the fee wallet in /api/config for them, and backend/chainGuardTokenBurns.test.ts
// applies the ten rewrites to the transactions the page builds. Each flow first runs an honest answer through the
// same proxy: it reaches the wallet (which declines), so a refusal below is the guard's doing, not the harness's.
import { type Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { CHAIN_GUARD } from '../../src/common/texts/guardTexts';
import { GUARD } from '../../src/common/texts';
import { ATTACKER, REWRITES, type RewriteName, rewrite, serializeFitting } from '../support/hostileRewrites';
import { type FlowName, type FlowSession, TRANSACTION_ANSWER, openFlow } from './hostileFlows';
import { type AnswerRewrite, type HostileProxy, startHostileProxy } from './support/hostileProxy';
import { type TestServer, postApi } from './support/server';
import { browserSuite } from './support/suite';
import { lamportsOf as readLamports } from '../support/lamports';

jest.setTimeout(180_000);

let server: TestServer;
let proxy: HostileProxy;
let connection: Connection;
let feeWallet: string;

const post = (route: string, body: unknown) => postApi(server.url, route, body);

const suite = browserSuite({}, async (s) => {
  server = s.server;
  proxy = await startHostileProxy(server.url);
  connection = s.connection; // past the proxy: the chain's own figures
  feeWallet = server.app.config.feeWallet;
  await post('localnet/fund', { owner: feeWallet }); // exists on a real cluster
});

interface Row {
  flow: FlowName;
  way: string;
  refused: boolean;
  signCalls: number;
  lamportsMoved: number;
  ms: number;
}
const rows: Row[] = [];
afterAll(async () => {
  await proxy?.close();
  if (rows.length) {
    console.log(
      'hostile-server suite:\n' +
        rows
          .map(
            (r) =>
              `${r.flow} | ${r.way} | refused ${r.refused} | sign calls ${r.signCalls} | lamports moved ${r.lamportsMoved} | ${r.ms} ms`,
          )
          .join('\n'),
    );
  }
});

const CONFIG = /^\/api\/config(\?.*)?$/;
const VACANT_LIST = /^\/api\/burn-vacant-accounts$/;
/**
 * Beyond the ten: the listing says one account holds 150 SOL and the fee to the real fee wallet grows by exactly 1 % of
 * what it made up; the chain guard measures the fee against the account's real lamports.
 */
type Way = RewriteName | 'inflatedListingRealFee';
/** The fee-wallet swap needs a fresh page (the page keeps its config): last, so the other cases share one page. */
const WAYS: Way[] = [...REWRITES.filter((w) => w !== 'inflatedFeeToAttacker'), 'inflatedFeeToAttacker'];
const FEE_SWAP_TEXT = () => CHAIN_GUARD.serverMismatch('the fee wallet', ATTACKER.toBase58(), feeWallet);

/** Rewrites the first transaction of a prepared answer (vacant, NFT burn) or the one transaction (cNFT delegate). */
function tamper(body: any, how: RewriteName): any {
  if (!body?.success) return body;
  if (Array.isArray(body.transactions) && body.transactions.length) {
    body.transactions[0] = rewrite(body.transactions[0], how, feeWallet);
    body.transaction = body.transactions[0];
  } else if (body.transaction) body.transaction = rewrite(body.transaction, how, feeWallet);
  return body;
}

/** Lamports the last rewritten listing made up (150 SOL − the account's real lamports). */
let madeUp = 0;

/** The worst case: one listed account "holds" 150 SOL, so a 1 % fee of 1.5 SOL looks earned. */
function inflateListing(body: any): any {
  const first = body?.vacantAccounts?.[0];
  if (!first) return body;
  const extra = 150_000_000_000 - first.lamports;
  madeUp = extra;
  first.lamports += extra;
  body.totalRentLamports += extra;
  body.totalRent = body.totalRentLamports / 1e9;
  return body;
}

/** Adds 1 % of the made-up rent to the first transaction's fee, paid to the real fee wallet. */
function feeOnMadeUpRent(body: any): any {
  const tx = Transaction.from(Buffer.from(body.transactions[0], 'base64'));
  const owner = tx.feePayer!;
  tx.add(
    SystemProgram.transfer({ fromPubkey: owner, toPubkey: new PublicKey(feeWallet), lamports: serviceFee(madeUp) }),
  );
  body.transactions[0] = serializeFitting(tx);
  body.transaction = body.transactions[0];
  return body;
}

function rulesFor(flow: FlowName, how: Way | null): AnswerRewrite[] {
  const answer = TRANSACTION_ANSWER[flow];
  const rules: AnswerRewrite[] = [];
  if (how === 'inflatedListingRealFee') {
    rules.push({ path: VACANT_LIST, rewrite: inflateListing });
    rules.push({ path: answer!, rewrite: (body) => feeOnMadeUpRent(body) });
    return rules;
  }
  if (answer) rules.push({ path: answer, rewrite: (body) => (how ? tamper(body, how) : body) });
  if (how === 'inflatedFeeToAttacker') {
    rules.push({ path: CONFIG, rewrite: (body) => ({ ...body, feeWallet: ATTACKER.toBase58() }) });
    if (flow === 'vacant close') rules.push({ path: VACANT_LIST, rewrite: inflateListing });
  }
  return rules;
}

const lamportsOf = (addresses: string[]) => readLamports(connection, addresses);

/** Runs one case on a flow's shared page; returns what the page showed, the wallet's calls and what moved. */
async function runCase(s: FlowSession, flow: FlowName, how: Way | null) {
  const started = Date.now();
  const before = await lamportsOf([s.owner, feeWallet]);
  const calls = s.signCalls();
  proxy.hits.clear();
  proxy.rules = rulesFor(flow, how);
  try {
    if (how === 'inflatedFeeToAttacker') await s.reload();
    const text = await s.act();
    const after = await lamportsOf([s.owner, feeWallet]);
    const moved = after.reduce((m, a, i) => m + Math.abs(a - before[i]), 0);
    const hits = (re: RegExp | null) => (re ? (proxy.hits.get(String(re)) ?? 0) : 0);
    return { text, signCalls: s.signCalls() - calls, moved, hits, ms: Date.now() - started };
  } finally {
    proxy.rules = [];
  }
}

/** One flow: an honest control through the proxy, then `ways`, all on one page and one funded wallet. */
function hostileFlow(flow: FlowName, ways: Way[]) {
  describe(flow, () => {
    let s: FlowSession;
    beforeAll(async () => {
      s = await openFlow(
        {
          newContext: () => suite.newContext(),
          proxy,
          fund: async (owner) => (await post('localnet/fund', { owner })).manifest,
        },
        flow,
      );
    }, 180_000);
    afterAll(async () => {
      expect(s?.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await s?.close();
    });

    test('control: the honest answer through the proxy reaches the wallet (declined), nothing moves', async () => {
      const r = await runCase(s, flow, null);
      expect(r.text).toMatch(/cancelled/i);
      expect(r.signCalls).toBeGreaterThan(0); // one call per transaction shown to the wallet
      if (TRANSACTION_ANSWER[flow]) expect(r.hits(TRANSACTION_ANSWER[flow])).toBeGreaterThan(0);
      expect(r.moved).toBe(0);
      rows.push({
        flow,
        way: 'honest (control)',
        refused: false,
        signCalls: r.signCalls,
        lamportsMoved: r.moved,
        ms: r.ms,
      });
    });

    test.each(ways)('%s: refused by the page, never signed, 0 lamports move', async (how) => {
      const r = await runCase(s, flow, how);
      const swap = how === 'inflatedFeeToAttacker';
      expect(r.text).toContain(swap ? FEE_SWAP_TEXT() : GUARD.mismatch);
      // The rewritten answer really reached the page (the swap: /api/config; it is refused on that alone).
      expect(r.hits(swap ? CONFIG : TRANSACTION_ANSWER[flow])).toBeGreaterThan(0);
      expect(r.signCalls).toBe(0);
      expect(r.moved).toBe(0);
      rows.push({ flow, way: how, refused: true, signCalls: r.signCalls, lamportsMoved: r.moved, ms: r.ms });
    });
  });
}

hostileFlow('vacant close', ['inflatedListingRealFee', ...WAYS]);
hostileFlow('bulk NFT burn', WAYS);
hostileFlow('cNFT queue', WAYS);
// Page-built: the only answer that shapes what is signed is the wallets in /api/config.
hostileFlow('single token burn', ['inflatedFeeToAttacker']);
hostileFlow('bulk token burn', ['inflatedFeeToAttacker']);
