// The recovery sources over HTTP on the local chain: a demo wallet with a program buffer, a stake account never
// delegated holding principal, a stake account delegated to a local vote account (both made at 6,960 per byte), a
// nonce account, a lookup table, a Token-2022 mint it can close and wrapped SOL. Every expected figure is read from
// the chain (balances, token amounts, the rent minimum for the account's size), never from the app's answers.
import { unpackAccount } from '@solana/spl-token';
import { PublicKey, type Transaction } from '@solana/web3.js';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { serviceFee } from '../../src/chain/fees';
import { readStake, U64_MAX } from '../../src/chain/recovery/layouts';
import { mintsClosableBy } from '../support/closableMints';
import { until } from '../support/until';
import { fromBase64, networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  // Slots of 50 ms instead of a cluster's 400: a table's cooldown (513 slots) passes in about 26 s of real time,
  // moved by the local chain's own slot clock (LOCALNET_SLOT_MS), as it would on a cluster. Blockhashes still live
  // 150 slots (7.5 s), more than this test takes between a prepare and its submit.
  h = await startLocalChainServer({}, { LOCALNET_SLOT_MS: '50' });
}, 60_000);
afterAll(() => h?.close());

const STAKE_SIZE = 200;

async function prepareSignSubmit(owner: { publicKey: PublicKey; secretKey: Uint8Array }, accounts: string[]) {
  const prepared = await h.api('prepare-recovery', { ownerAddress: owner.publicKey.toBase58(), accounts });
  expect(prepared.status).toBe(200);
  const txs: Transaction[] = prepared.body.transactions.map(fromBase64);
  // The page's chain-reading guard accepts exactly these transactions for this intent (and reports the estimate).
  let estimate = 0;
  await chainGuard(prepared.body.transactions, {
    owner: owner.publicKey.toBase58(),
    kind: 'recover',
    allowedAccounts: accounts,
    feeWallet: prepared.body.feeWallet,
    reader: connectionChainReader(h.connection),
    onChecked: (r) => (estimate = r.ownerChangeLamports),
  });
  const { Keypair } = await import('@solana/web3.js');
  const signer = Keypair.fromSecretKey(owner.secretKey);
  for (const tx of txs) tx.partialSign(signer);
  const before = (await h.lamportsOf([owner.publicKey.toBase58()]))[0];
  const submitted = await h.api('submit-burn-transaction', {
    signedTransactions: txs.map((t) => t.serialize().toString('base64')),
  });
  expect(submitted.status).toBe(200);
  const after = (await h.lamportsOf([owner.publicKey.toBase58()]))[0];
  return { body: prepared.body, txs, change: after - before, estimate, submitted: submitted.body };
}

describe('the recovery sources of the demo wallet', () => {
  it('lists each source with its kind; one prepare and one approval recover them; the table closes after the cooldown', async () => {
    const { owner, manifest } = await h.fund('demo');
    const r = manifest.recovery;
    const wallet = owner.publicKey.toBase58();
    const minimum = await h.connection.getMinimumBalanceForRentExemption(STAKE_SIZE);
    const [inactive, delegated, buffer, nonce, table] = await h.lamportsOf([
      r.stakeInactive,
      r.stakeDelegated,
      r.buffer,
      r.nonce,
      r.lookupTable,
    ]);
    // The demo's Token-2022 mint names the wallet as its close authority and nothing is minted: closable whole.
    const [mint] = await mintsClosableBy(
      h.connection,
      owner.publicKey,
      manifest.ownedMints.map((m: any) => m.mint),
    );
    const [mintLamports] = await h.lamportsOf([mint]);
    // The demo's wrapped SOL: its amount (the owner's own SOL, no fee on it) and its rent, as the chain holds them.
    const wsol = manifest.wrappedSol.account;
    const wsolInfo = (await h.connection.getAccountInfo(new PublicKey(wsol)))!;
    const wrapped = Number(unpackAccount(new PublicKey(wsol), wsolInfo).amount);
    expect(wrapped).toBeGreaterThan(0);
    expect(delegated).toBe(1_000_000_000 + (STAKE_SIZE + 128) * 6960); // made at the legacy rent
    expect(minimum).toBe((STAKE_SIZE + 128) * 5080);

    const listed = await h.read(`recoverable/${wallet}`);
    expect(listed.status).toBe(200);
    expect(listed.body.scans).toEqual({
      stake: 'ok',
      programBuffer: 'ok',
      nonce: 'ok',
      lookupTable: 'ok',
      approval: 'ok',
      closableMint: 'ok',
      wrappedSol: 'ok',
      openbookV1: 'ok',
      openbookV2: 'ok',
      pumpCreatorFee: 'ok',
      pumpVolumeAccumulator: 'ok',
    });
    const by = (a: string) => listed.body.sources.find((s: any) => s.address === a);
    expect(by(r.buffer)).toMatchObject({ kind: 'programBuffer', recoverableLamports: buffer, rentLamports: buffer });
    expect(by(r.stakeInactive)).toMatchObject({
      kind: 'stake',
      state: 'ready',
      recoverableLamports: inactive,
      principalLamports: 50_000_000,
      rentLamports: inactive - 50_000_000,
    });
    expect(by(r.stakeInactive).detail).toContain('0.0500 SOL of unstaked SOL');
    const excess = delegated - 1_000_000_000 - minimum;
    expect(excess).toBe(616_640);
    expect(by(r.stakeDelegated)).toMatchObject({ kind: 'stake', recoverableLamports: excess, rentLamports: excess });
    expect(by(r.nonce)).toMatchObject({ kind: 'nonce', optIn: true, recoverableLamports: nonce });
    expect(by(r.lookupTable)).toMatchObject({ kind: 'lookupTable', optIn: true, state: 'deactivate-first' });
    expect(by(mint)).toMatchObject({
      kind: 'closableMint',
      optIn: true,
      state: 'ready',
      recoverableLamports: mintLamports,
      rentLamports: mintLamports,
    });
    expect(by(wsol)).toMatchObject({
      kind: 'wrappedSol',
      optIn: true,
      state: 'ready',
      recoverableLamports: wsolInfo.lamports,
      principalLamports: wrapped,
      rentLamports: wsolInfo.lamports - wrapped,
    });
    expect(listed.body.sources.some((s: any) => s.address === manifest.recovery.voteAccount)).toBe(false);
    // The SPL Token mint cannot be closed: it stays with the surplus flow, out of this list.
    const splMint = manifest.ownedMints.find((m: any) => m.mint !== mint).mint;
    expect(by(splMint)).toBeUndefined();

    const all = [r.buffer, r.stakeInactive, r.stakeDelegated, r.nonce, r.lookupTable, mint, wsol];
    const first = await prepareSignSubmit(owner, all);
    expect(first.txs).toHaveLength(1); // one approval
    const actions = Object.fromEntries(first.body.actions.map((a: any) => [a.address, a]));
    expect(actions[r.lookupTable]).toMatchObject({ action: 'deactivate', lamportsBack: 0, feeLamports: 0 });
    expect(actions[r.buffer]).toMatchObject({ action: 'close', lamportsBack: buffer });
    expect(actions[r.nonce]).toMatchObject({ action: 'withdraw', lamportsBack: nonce });
    expect(actions[mint]).toMatchObject({ action: 'close', lamportsBack: mintLamports });
    expect(actions[wsol]).toMatchObject({ action: 'close', lamportsBack: wsolInfo.lamports });
    const returned = buffer + inactive + excess + nonce + mintLamports + wsolInfo.lamports;
    // Stake principal and wrapped SOL are never charged a fee; a closed mint's balance is all rent.
    const rentPart = buffer + (inactive - 50_000_000) + excess + nonce + mintLamports + (wsolInfo.lamports - wrapped);
    const fee = first.body.feesPerTransactionLamports[0];
    expect(fee).toBe(serviceFee(rentPart));
    expect(fee).toBeLessThan(serviceFee(returned));
    expect(sum(first.body.actions.map((a: any) => a.feeLamports))).toBe(fee);
    expect(first.change).toBe(returned - fee - sum(first.txs.map(networkFee)));
    expect(first.estimate).toBe(first.change);
    expect(first.submitted.sourcesRecoveredLamports).toBe(returned);

    const after = await h.lamportsOf(all);
    expect(after).toEqual([0, 0, 1_000_000_000 + minimum, 0, table, 0, 0]);
    // The delegated account stays delegated: same stake, never deactivated.
    const info = await h.connection.getAccountInfo(new PublicKey(r.stakeDelegated));
    const stake = readStake(Uint8Array.from(info!.data))!;
    expect(stake.delegation).toMatchObject({ stake: 1_000_000_000n, deactivationEpoch: U64_MAX });

    // The table cools down: listed with the slot it becomes closable, and refused before then.
    const cooling = (await h.read(`recoverable/${wallet}`)).body.sources.find((s: any) => s.address === r.lookupTable);
    expect(cooling.state).toBe('cooling-down');
    expect(cooling.readySlot).toBeGreaterThan(await h.connection.getSlot());
    const early = await h.api('prepare-recovery', { ownerAddress: wallet, accounts: [r.lookupTable] });
    expect(early.status).toBe(400);
    expect(early.body.error).toContain('cooling-down');
    // The chain's slot clock moves on (its slot hashes with it) until the deactivation slot has left them.
    await until(async () => {
      const listed = (await h.read(`recoverable/${wallet}`)).body.sources;
      return listed.find((s: any) => s.address === r.lookupTable && s.state === 'ready');
    }, 120_000);
    expect(await h.connection.getSlot()).toBeGreaterThanOrEqual(cooling.readySlot);
    const second = await prepareSignSubmit(owner, [r.lookupTable]);
    expect(second.body.actions).toEqual([
      expect.objectContaining({ address: r.lookupTable, action: 'close', lamportsBack: table }),
    ]);
    expect(second.change).toBe(table - second.body.feesPerTransactionLamports[0] - networkFee(second.txs[0]));
    expect(second.body.feesPerTransactionLamports[0]).toBe(serviceFee(table));
    expect((await h.lamportsOf([r.lookupTable]))[0]).toBe(0);
  }, 240_000);
});
