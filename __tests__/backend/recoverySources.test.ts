// The recovery sources' contract: every source the registry lists (src/chain/recovery/registry.ts) is one folder,
// and each goes scan → plan → guard → submit on the local chain. Its folder's contract case names the accounts of a
// funded demo wallet; the scan must list them, each plan must pass the page's chain-reading guard for the source's
// flow, and the chain must move exactly the lamports the plans said: the owner gains their sum less the network fees,
// each account gives up its own part.
import fs from 'fs';
import path from 'path';
import { type Keypair, Transaction } from '@solana/web3.js';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { RECOVERY_KINDS, RECOVERY_SOURCE_TEXTS, RECOVERY_SOURCES } from '../../src/chain/recovery/registry';
import type { RecoveryPlan } from '../../src/chain/recovery/source';
import type { ContractWallet, SourceContract } from '../../src/chain/recovery/sourceContract';
import { scanContext } from '../../backend/services/recovery/scan';
import { networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES_DIR = path.join(ROOT, 'src/chain/recovery/sources');

let h: LocalChainServer;
let wallet: ContractWallet;
beforeAll(async () => {
  h = await startLocalChainServer();
  const { owner, manifest } = await h.fund('demo');
  wallet = { owner, manifest, connection: h.connection };
}, 120_000);
afterAll(() => h?.close());

const contractOf = (kind: string): SourceContract =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder is found from the kind, not listed twice
  (require(path.join(SOURCES_DIR, kind, 'contract')) as { contract: SourceContract }).contract;

function transactionOf(plan: RecoveryPlan, owner: Keypair, blockhash: string): Transaction {
  return new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(...plan.instructions);
}

it('each source is one folder with its source, contract and texts, and each folder is a registered source', () => {
  const folders = fs.readdirSync(SOURCES_DIR).filter((f) => fs.statSync(path.join(SOURCES_DIR, f)).isDirectory());
  expect([...folders].sort()).toEqual([...RECOVERY_KINDS].sort());
  for (const kind of RECOVERY_KINDS) {
    for (const file of ['source.ts', 'contract.ts', 'texts.ts'])
      expect([kind, file, fs.existsSync(path.join(SOURCES_DIR, kind, file))]).toEqual([kind, file, true]);
    // The catalogue's words for the kind are the folder's own (collected through the registry).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder is found from the kind
    expect(Object.values(require(path.join(SOURCES_DIR, kind, 'texts')))).toContain(RECOVERY_SOURCE_TEXTS[kind]);
  }
});

/** Every .ts/.tsx file below `dir` (relative to the repository), with its text. */
const filesBelow = (dir: string): [string, string][] =>
  fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).flatMap((f) => {
    const file = path.join(dir, f);
    return /\.tsx?$/.test(f) ? [[file, fs.readFileSync(path.join(ROOT, file), 'utf8')] as [string, string]] : [];
  });

it("no file outside a source's folder reaches its local program or contract, nor its texts but the registry and the catalogue", () => {
  const reaching = [...filesBelow('src'), ...filesBelow('backend')].flatMap(([file, text]) =>
    [...text.matchAll(/from '[^']*sources\/(\w+)\/(texts|localProgram|contract)'/g)]
      .filter(([, kind]) => !file.startsWith(path.join('src/chain/recovery/sources', kind)))
      .filter(([, , part]) => !(part === 'texts' && file.startsWith('src/common/texts/')))
      .map(([, kind, part]) => `${file} → ${kind}/${part}`),
  );
  expect(reaching.sort()).toEqual(
    RECOVERY_KINDS.map((kind) => `src/chain/recovery/registry.ts → ${kind}/texts`).sort(),
  );
});

it("the text catalogue names no source's kind: each source's words are in its folder", () => {
  // The kinds that are not plain words (`vacant`, `nonce`… are words other texts use too).
  const named = RECOVERY_KINDS.filter((kind) => /[A-Z0-9]/.test(kind));
  const found = filesBelow('src/common/texts').flatMap(([file, text]) =>
    // Its imports aside: the catalogue may read a source's texts.ts (the path names the kind).
    named
      .filter((kind) => new RegExp(`\\b${kind}\\b`).test(text.replace(/^import .*$/gm, '')))
      .map((kind) => `${file}: ${kind}`),
  );
  expect(named.length).toBeGreaterThan(0);
  expect(found).toEqual([]);
});

it('the prepare refuses an address no source lists with the sources of its flow, in the registry order', async () => {
  const stranger = wallet.manifest.recovery!.voteAccount; // a vote account: no source's
  const r = await h.api('prepare-recovery', { ownerAddress: wallet.owner.publicKey.toBase58(), accounts: [stranger] });
  expect(r.status).toBe(400);
  expect(r.body.error).toBe(
    `${stranger} is not a stake account, program buffer, nonce account, lookup table, approval, closable mint, wrapped SOL account, OpenBook v1 open-orders account, OpenBook v2 open-orders account, Pump.fun creator vault or Pump.fun volume accumulator this wallet can recover from.`,
  );
});

describe.each(RECOVERY_SOURCES.map((source) => [source.kind, source] as const))('%s', (_kind, source) => {
  it('scan → plan → guard → submit: the chain moves exactly what the plans said', async () => {
    const owner = wallet.owner.publicKey.toBase58();
    const accounts = await contractOf(source.kind).accounts(wallet);
    expect(accounts.length).toBeGreaterThan(0);

    const listed = (await source.scan(await scanContext(h.solback.rpc, owner))).filter((item) =>
      accounts.includes(item.address),
    );
    expect(listed.map((item) => item.address).sort()).toEqual([...accounts].sort());
    expect(listed.every((item) => item.kind === source.kind)).toBe(true);
    const plans = listed.map((item) => source.plan(item, owner));
    expect(plans).not.toContain(null);

    const { blockhash } = await h.connection.getLatestBlockhash('confirmed');
    const txs = (plans as RecoveryPlan[]).map((plan) => transactionOf(plan, wallet.owner, blockhash));
    let estimate: number | null = null;
    await chainGuard(
      txs.map((tx) => tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')),
      {
        owner,
        kind: source.flow,
        allowedAccounts: accounts,
        surplusSources: accounts,
        feeWallet: h.solback.config.feeWallet,
        reader: connectionChainReader(h.connection),
        onChecked: (report) => (estimate = report.ownerChangeLamports),
      },
    );

    // What each item gives up: its account, and the accounts its plan names beside it (an indexer it closes).
    const given = listed.map((item) => [...new Set([item.address, ...(item.planAccounts ?? [])])]);
    const before = await h.lamportsOf([owner, ...given.flat()]);
    for (const tx of txs) {
      tx.sign(wallet.owner);
      const signature = await h.connection.sendRawTransaction(tx.serialize());
      const { value } = await h.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight: 1e9 });
      expect(value.err).toBeNull();
    }
    const after = await h.lamportsOf([owner, ...given.flat()]);

    const back = (plans as RecoveryPlan[]).map((plan) => Number(plan.lamportsBack));
    const change = after[0] - before[0];
    expect(change).toBe(sum(back) - sum(txs.map(networkFee)));
    expect(estimate).toBe(change);
    let at = 1;
    const givenUp = given.map((accounts) => sum(accounts.map(() => before[at] - after[at++])));
    expect(givenUp).toEqual(back);
  });
});
