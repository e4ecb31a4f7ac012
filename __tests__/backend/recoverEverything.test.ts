// "Recover everything" over HTTP on the local chain (docs/PRODUCT.md#recover-everything), on the whole-wallet fixture
// (the demo profile, an empty wrapped-SOL account, two approvals): one prepare over every registered source, the
// page's chain-reading guard over the whole request, one signed request; then the lookup table's close as the second,
// offered step once its cooldown has passed. Every expected figure is read from the chain, never the app's answer.
import { type Keypair, PublicKey, type Transaction } from '@solana/web3.js';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { serviceFee } from '../../src/chain/fees';
import { surplusSourcesIn } from '../../src/chain/surplusCheck';
import { RECOVERY_KINDS } from '../../src/chain/recovery/registry';
import { until } from '../support/until';
import { makeWholeWallet } from '../support/wholeWallet';
import { fromBase64, networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  // Slots of 50 ms: the table's 513-slot cooldown passes in about 26 s, moved by the chain's own slot clock.
  h = await startLocalChainServer({}, { LOCALNET_SLOT_MS: '50' });
}, 60_000);
afterAll(() => h?.close());

async function recoverAll(owner: Keypair, allowed: string[], except: { kind: string; address: string }[] = []) {
  const wallet = owner.publicKey.toBase58();
  const prepared = await h.api('prepare-recovery', { ownerAddress: wallet, everything: true, except });
  expect(prepared.status).toBe(200);
  const encoded: string[] = prepared.body.transactions;
  let estimate = 0;
  await chainGuard(encoded, {
    owner: wallet,
    kind: 'recoverAll',
    allowedAccounts: allowed,
    feeWallet: prepared.body.feeWallet,
    surplusSources: surplusSourcesIn(encoded),
    reader: connectionChainReader(h.connection),
    onChecked: (r) => (estimate = r.ownerChangeLamports),
  });
  const txs: Transaction[] = encoded.map(fromBase64);
  for (const tx of txs) tx.partialSign(owner);
  const [before] = await h.lamportsOf([wallet]);
  // One request: every transaction signed at once and sent together.
  const submitted = await h.api('submit-burn-transaction', {
    signedTransactions: txs.map((t) => t.serialize().toString('base64')),
  });
  expect(submitted.status).toBe(200);
  const [after] = await h.lamportsOf([wallet]);
  return { body: prepared.body, txs, change: after - before, estimate };
}

describe('Recover everything on the whole wallet', () => {
  it('returns at least 99 % of the maximum in one approval, exact to the lamport; the table closes in a second step', async () => {
    const { owner, manifest } = await h.fund('demo');
    const extras = await makeWholeWallet(h.connection, owner, manifest);
    const wallet = owner.publicKey.toBase58();

    const listed = await h.read(`recoverable/${wallet}?scope=all`);
    expect(listed.status).toBe(200);
    // Every registered source was scanned, the ones other helpers add included.
    expect(Object.keys(listed.body.scans).sort()).toEqual([...RECOVERY_KINDS].sort());
    expect(Object.values(listed.body.scans).every((s) => s === 'ok')).toBe(true);
    const sources: any[] = listed.body.sources;
    const item = (kind: string, address: string) => sources.find((s) => s.kind === kind && s.address === address);
    expect(item('vacant', extras.emptyWrappedSol)).toBeDefined();
    for (const a of extras.approved) expect(item('approval', a)).toBeDefined();
    expect(item('lookupTable', manifest.recovery.lookupTable)).toMatchObject({ state: 'deactivate-first' });
    // The maximum: each account the wallet controls, less what stays at today's rent (the table's whole balance).
    const addresses = [...new Set(sources.map((s) => s.address))];
    const maximum = sum(sources.map((s) => (s.kind === 'lookupTable' ? s.lamports : s.recoverableLamports)));
    const before = await h.lamportsOf(addresses);
    // The surplus of each kept account, from the chain: its lamports less today's minimum for its size.
    for (const s of sources.filter((s) => s.kind === 'surplus')) {
      const info = (await h.connection.getAccountInfo(new PublicKey(s.address)))!;
      const minimum = await h.connection.getMinimumBalanceForRentExemption(info.data.length);
      expect(s.recoverableLamports).toBe(info.lamports - minimum);
    }

    const first = await recoverAll(owner, addresses);
    const afterFirst = await h.lamportsOf(addresses);
    // What came back is the owner's own change on chain, before the fees it paid (a reward may come from a program's
    // vault rather than from the listed account itself).
    const networkFees = sum(first.txs.map(networkFee));
    const returnedFirst = first.change + sum(first.body.feesPerTransactionLamports) + networkFees;
    expect(returnedFirst).toBe(sum(first.body.actions.map((a: any) => a.lamportsBack)));
    // Every account closed whole is gone from the chain; a surplus source keeps exactly today's minimum.
    for (const a of first.body.actions.filter((a: any) => a.kind === 'vacant' || a.kind === 'wrappedSol'))
      expect(afterFirst[addresses.indexOf(a.address)]).toBe(0);
    const fee = sum(first.body.feesPerTransactionLamports);
    expect(sum(first.body.actions.map((a: any) => a.feeLamports))).toBe(fee);
    // The fee is 1 % of the rent part only: never of wrapped SOL or stake principal.
    const principal = sum(sources.map((s) => s.principalLamports ?? 0));
    expect(fee).toBeLessThanOrEqual(serviceFee(returnedFirst - principal) + first.txs.length);
    expect(first.change).toBe(returnedFirst - fee - networkFees);
    expect(first.estimate).toBe(first.change);
    const kinds = new Set(first.body.actions.map((a: any) => a.kind));
    for (const k of ['vacant', 'surplus', 'wrappedSol', 'closableMint', 'approval', 'stake', 'programBuffer', 'nonce'])
      expect(kinds).toContain(k);
    expect(first.body.actions.find((a: any) => a.address === manifest.recovery.lookupTable)).toMatchObject({
      action: 'deactivate',
    });
    const table = before[addresses.indexOf(manifest.recovery.lookupTable)];
    // All that can come back now came back: the maximum less the table, which waits for its cooldown.
    expect(returnedFirst).toBe(maximum - table);
    expect(returnedFirst / maximum).toBeGreaterThanOrEqual(0.99);

    // The second step: offered (listed ready) once the deactivation slot has left the slot hashes.
    const cooling = (await h.read(`recoverable/${wallet}?scope=all`)).body.sources.find(
      (s: any) => s.address === manifest.recovery.lookupTable,
    );
    expect(cooling).toMatchObject({ state: 'cooling-down' });
    expect(cooling.readySlot).toBeGreaterThan(await h.connection.getSlot());
    await until(async () => {
      const again = (await h.read(`recoverable/${wallet}?scope=all`)).body.sources;
      return again.find((s: any) => s.address === manifest.recovery.lookupTable && s.state === 'ready');
    }, 120_000);
    const rest = (await h.read(`recoverable/${wallet}?scope=all`)).body.sources.map((s: any) => s.address);
    const second = await recoverAll(owner, rest);
    expect(second.body.actions).toEqual([
      expect.objectContaining({ address: manifest.recovery.lookupTable, action: 'close', lamportsBack: table }),
    ]);
    expect(second.change).toBe(table - second.body.feesPerTransactionLamports[0] - networkFee(second.txs[0]));
    expect(returnedFirst + table).toBe(maximum);
  }, 240_000);

  it('leaves out what the owner unticked, and refuses a request with nothing to recover', async () => {
    const { owner, manifest } = await h.fund('demo');
    const wallet = owner.publicKey.toBase58();
    const sources: any[] = (await h.read(`recoverable/${wallet}?scope=all`)).body.sources;
    const kept = [manifest.recovery.nonce, manifest.wrappedSol.account];
    const unticked = kept.map((address) => ({ kind: sources.find((s) => s.address === address).kind, address }));
    const allowed = sources.map((s) => s.address).filter((a) => !kept.includes(a));
    const done = await recoverAll(owner, allowed, unticked);
    expect(done.body.actions.some((a: any) => kept.includes(a.address))).toBe(false);
    expect(await h.lamportsOf(kept)).toEqual(
      [manifest.recovery.nonce, manifest.wrappedSol.account].map((a) => sources.find((s) => s.address === a).lamports),
    );
    // Everything else came back (the table's close waits): unticking the rest leaves nothing to prepare.
    const left = (await h.read(`recoverable/${wallet}?scope=all`)).body.sources.map((s: any) => ({
      kind: s.kind,
      address: s.address,
    }));
    const none = await h.api('prepare-recovery', { ownerAddress: wallet, everything: true, except: left });
    expect(none.status).toBe(400);
    // Without `everything`, an empty choice is refused as before.
    const empty = await h.api('prepare-recovery', { ownerAddress: wallet, accounts: [] });
    expect(empty.status).toBe(400);
  }, 120_000);
});
