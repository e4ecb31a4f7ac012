// Token burns are built in the page, from the chain (src/features/burn/burn: planTokenBurn, packTransactions), so no server
// answer carries a token-burn transaction a proxy could rewrite (the Chromium suite, e2e/hostile.test.ts, rewrites
// what the server does answer for them). Here the ten rewrites (support/hostileRewrites.ts) are applied to exactly what the page builds
// for a single and a bulk token burn of a funded wallet on the local chain; the chain-reading guard refuses all 20.
import { type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { chainGuard, type ChainGuardReport } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { computeBudgetIxs } from '../../src/chain/computeBudget';
import { bulkBurnComputeUnits } from '../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../src/chain/pack';
import { SINGLE_BURN_COMPUTE_UNITS } from '../../src/common/constants';
import { NATIVE_MINT } from '../../src/common/addresses';
import { planTokenBurn } from '../../src/chain/tokenBurnPlan';
import { REWRITES, rewrite } from '../support/hostileRewrites';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 120_000);
afterAll(() => h.close());

interface Planned {
  owner: Keypair;
  groups: ReturnType<typeof planTokenBurn>[];
  allowed: string[];
}

/** The funded wallet's fungible tokens (wrapped SOL aside), planned as the page plans them from the chain. */
async function plannedTokens(): Promise<Planned> {
  const { owner, manifest } = await h.fund();
  const tokens = (manifest.tokens as { mint: string; account: string; decimals: number }[]).filter(
    (t) => t.mint !== NATIVE_MINT,
  );
  const infos = await h.connection.getMultipleAccountsInfo(
    tokens.map((t) => new PublicKey(t.account)),
    'confirmed',
  );
  const groups = tokens.map((t, i) => planTokenBurn(owner.publicKey.toBase58(), t, infos[i]));
  expect(groups.every((g) => g.ok)).toBe(true);
  return { owner, groups, allowed: tokens.flatMap((t) => [t.account, t.mint]) };
}

async function singleBurn({ owner, groups }: Planned): Promise<string> {
  const g = groups[0];
  if (!g.ok) throw new Error(g.reason);
  const { blockhash } = await h.connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash });
  tx.add(...computeBudgetIxs(SINGLE_BURN_COMPUTE_UNITS, 1), ...g.ixs);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

async function bulkBurn({ owner, groups }: Planned): Promise<string[]> {
  const { blockhash } = await h.connection.getLatestBlockhash();
  return packTransactions({
    payer: owner.publicKey.toBase58(),
    recentBlockhash: blockhash,
    groups: groups.map((g) => (g.ok ? g.ixs : [])),
    prefix: (count) => computeBudgetIxs(bulkBurnComputeUnits(count), 1),
  }).map((p) => transactionToBase64(p.transaction));
}

it.each([
  ['single', 'the first token', singleBurn],
  ['bulk', 'every token', async (p: Planned) => (await bulkBurn(p))[0]],
] as const)('%s token burn (%s): the honest one passes, the ten rewrites are refused', async (_way, _what, build) => {
  const planned = await plannedTokens();
  const tx = await build(planned);
  const intent = {
    owner: planned.owner.publicKey.toBase58(),
    kind: 'burnTokens' as const,
    allowedAccounts: planned.allowed,
    feeWallet: h.solback.config.feeWallet,
    reader: connectionChainReader(h.connection),
  };
  let report: ChainGuardReport | undefined;
  await chainGuard([tx], { ...intent, onChecked: (r) => (report = r) });
  expect(report!.transactions[0].returnsLamports).toBeGreaterThan(0);
  const outcomes: string[] = [];
  for (const how of REWRITES) {
    const out = await chainGuard([rewrite(tx, how, intent.feeWallet)], intent).then(
      () => 'signed',
      (e: Error) => e.name,
    );
    outcomes.push(`${how}: ${out}`);
  }
  expect(outcomes).toEqual(REWRITES.map((how) => `${how}: TransactionGuardError`));
});
