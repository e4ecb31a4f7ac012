// OpenBook open-orders accounts over HTTP on the local chain (the dex programs emulated with their checks): the demo
// wallet's empty OpenBook v1 account and its OpenBook v2 index with one empty account come back whole in one prepare,
// less 1 %; accounts holding funds are listed, left alone with the reason, and nothing moves; the page's guard refuses
// a lying server's close (paying someone else, an account with funds) and the program refuses such a close too.
// Every expected figure is read from the chain or computed from the sizes and the rent, never from the app's answers.
import { Keypair, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { serviceFee } from '../../src/chain/fees';
import { TransactionGuardError } from '../../src/chain/guard';
import { v1CloseIx, v1SettleIx } from '../../src/chain/recovery/sources/openbookV1/layout';
import { FUNDED_BASE, FUNDED_QUOTE, fundOpenOrdersV1 } from '../../src/chain/recovery/sources/openbookV1/localFunding';
import { indexerSpace, readV2Indexer, v2CloseAccountIx } from '../../src/chain/recovery/sources/openbookV2/layout';
import { fundOpenOrdersV2 } from '../../src/chain/recovery/sources/openbookV2/localFunding';
import { OPENBOOK_V1_DETAIL } from '../../src/chain/recovery/sources/openbookV1/texts';
import { OPENBOOK_V2_DETAIL } from '../../src/chain/recovery/sources/openbookV2/texts';
import type { FundEnv } from '../../backend/localnet/fund';
import { NOTHING_NOW } from '../../backend/services/recovery/prepare';
import { fromBase64, networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

const LEGACY = 6_960; // the rent per byte the demo's accounts were made at
const V1_SIZE = 3_228;
const V2_SIZE = 1_264;
const reader = () => connectionChainReader(h.connection);
const env = (): FundEnv => ({
  chain: h.solback.localnet!.chain,
  faucet: Keypair.generate(),
  metaplex: null,
  delegate: '',
});

/** The demo's open-orders accounts: its OpenBook v1 one, and its v2 index with the account that index lists. */
async function demoOpenOrders(r: { sources: Record<string, string[]> }) {
  const [v1] = r.sources.openbookV1;
  const [indexer] = r.sources.openbookV2;
  const [v2] = readV2Indexer((await h.connection.getAccountInfo(new PublicKey(indexer)))!.data)!;
  return { v1, v2, indexer };
}

async function listed(wallet: string) {
  const r = await h.read(`recoverable/${wallet}`);
  expect(r.status).toBe(200);
  return (address: string) => r.body.sources.find((s: { address: string }) => s.address === address);
}

/** Prepare, check with the page's guard, sign and submit; the owner's change as the chain has it. */
async function recover(owner: Keypair, accounts: string[]) {
  const wallet = owner.publicKey.toBase58();
  const prepared = await h.api('prepare-recovery', { ownerAddress: wallet, accounts });
  expect(prepared.status).toBe(200);
  let estimate = 0;
  await chainGuard(prepared.body.transactions, {
    owner: wallet,
    kind: 'recover',
    allowedAccounts: accounts,
    feeWallet: prepared.body.feeWallet,
    reader: reader(),
    onChecked: (r) => (estimate = r.ownerChangeLamports),
  });
  const txs: Transaction[] = prepared.body.transactions.map(fromBase64);
  txs.forEach((tx) => tx.partialSign(owner));
  const [before] = await h.lamportsOf([wallet]);
  const submitted = await h.api('submit-burn-transaction', {
    signedTransactions: txs.map((t) => t.serialize().toString('base64')),
  });
  expect(submitted.status).toBe(200);
  const [after] = await h.lamportsOf([wallet]);
  return { body: prepared.body, txs, change: after - before, estimate };
}

const refusal = (txs: Transaction[], owner: string, allowedAccounts: string[]) =>
  chainGuard(
    txs.map((t) => t.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')),
    { owner, kind: 'recover', allowedAccounts, feeWallet: h.solback.config.feeWallet, reader: reader() },
  ).then(
    () => 'signed',
    (e: TransactionGuardError) => (e instanceof TransactionGuardError ? e.reason : `${e}`),
  );

it('the demo: an empty v1 account and a v2 index with its empty account come back whole in one approval, less 1 %', async () => {
  const { owner, manifest } = await h.fund('demo');
  const wallet = owner.publicKey.toBase58();
  const o = await demoOpenOrders(manifest.recovery);
  const v1 = (V1_SIZE + 128) * LEGACY;
  const v2 = (V2_SIZE + 128) * LEGACY + (indexerSpace(1) + 128) * LEGACY;
  expect([v1, v2]).toEqual([23_357_760, 10_920_240]); // 0.02335776 SOL, and 0.00968832 + 0.00123192 SOL
  expect(await h.lamportsOf([o.v1, o.v2, o.indexer])).toEqual([
    v1,
    (V2_SIZE + 128) * LEGACY,
    (indexerSpace(1) + 128) * LEGACY,
  ]);

  const by = await listed(wallet);
  expect(by(o.v1)).toMatchObject({
    kind: 'openbookV1',
    state: 'ready',
    recoverableLamports: v1,
    rentLamports: v1,
  });
  expect(by(o.indexer)).toMatchObject({ kind: 'openbookV2', state: 'ready', recoverableLamports: v2 });
  expect(by(o.v1).detail).toBe(OPENBOOK_V1_DETAIL.openbookV1Empty);
  expect(by(o.indexer).detail).toBe(OPENBOOK_V2_DETAIL.openbookV2Empty(1));

  const { body, txs, change, estimate } = await recover(owner, [o.v1, o.indexer]);
  expect(txs).toHaveLength(1); // one approval
  const fee = serviceFee(v1 + v2);
  expect(fee).toBe(342_780);
  expect(body.feesPerTransactionLamports).toEqual([fee]);
  expect(change).toBe(v1 + v2 - fee - sum(txs.map(networkFee)));
  expect(estimate).toBe(change);
  expect(await h.lamportsOf([o.v1, o.v2, o.indexer])).toEqual([0, 0, 0]);
});

it('accounts holding funds are listed and left alone with the reason; the index shrinks by the empty one alone', async () => {
  const { owner, manifest } = await h.fund('demo');
  const wallet = owner.publicKey.toBase58();
  const o = await demoOpenOrders(manifest.recovery);
  const fundedV1 = fundOpenOrdersV1(env(), wallet, 'locked');
  const fundedV2 = fundOpenOrdersV2(env(), wallet, true).openOrders;
  const held = [fundedV1, fundedV2];
  const heldBefore = await h.lamportsOf(held);

  const by = await listed(wallet);
  expect(by(fundedV1)).toMatchObject({ kind: 'openbookV1', state: 'left-alone', recoverableLamports: 0 });
  expect(by(fundedV1).detail).toBe(OPENBOOK_V1_DETAIL.openbookV1Funds);
  expect(by(fundedV2)).toMatchObject({ kind: 'openbookV2', state: 'left-alone', recoverableLamports: 0 });
  expect(by(fundedV2).detail).toBe(OPENBOOK_V2_DETAIL.openbookV2Funds);
  for (const address of held) {
    const refused = await h.api('prepare-recovery', { ownerAddress: wallet, accounts: [address] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(NOTHING_NOW(address, 'left-alone'));
  }

  // The index lists two accounts now (rewritten at today's rent): closing the empty one leaves it the rent of one key.
  const [indexer, empty] = await h.lamportsOf([o.indexer, o.v2]);
  expect(indexer).toBe(await h.connection.getMinimumBalanceForRentExemption(indexerSpace(2)));
  const kept = await h.connection.getMinimumBalanceForRentExemption(indexerSpace(1));
  expect(by(o.indexer)).toMatchObject({ state: 'ready', recoverableLamports: empty + indexer - kept });
  expect(by(o.indexer).detail).toBe(OPENBOOK_V2_DETAIL.openbookV2Empty(1));
  const { txs, change, estimate } = await recover(owner, [o.indexer]);
  const back = empty + indexer - kept;
  expect(change).toBe(back - serviceFee(back) - sum(txs.map(networkFee)));
  expect(estimate).toBe(change);
  expect(await h.lamportsOf([o.v2, o.indexer])).toEqual([0, kept]);
  expect(await h.lamportsOf(held)).toEqual(heldBefore); // 0 lamports moved from the accounts holding funds
});

it("tokens free to withdraw are settled to the wallet's token accounts first, then the account closes, in one transaction", async () => {
  const { owner } = await h.fund('demo');
  const wallet = owner.publicKey.toBase58();
  const free = fundOpenOrdersV1(env(), wallet, 'free');
  const by = await listed(wallet);
  const [rent] = await h.lamportsOf([free]);
  expect(rent).toBe(await h.connection.getMinimumBalanceForRentExemption(V1_SIZE)); // written at today's rent
  expect(by(free)).toMatchObject({ kind: 'openbookV1', state: 'ready', recoverableLamports: rent, rentLamports: rent });
  expect(by(free).detail).toBe(OPENBOOK_V1_DETAIL.openbookV1Settle);
  const [, coinVault, pcVault, , coin, pc] = by(free).planAccounts as string[];
  const tokens = async () =>
    Promise.all(
      [coinVault, pcVault, coin, pc].map(async (a) =>
        Number((await h.connection.getAccountInfo(new PublicKey(a)))!.data.readBigUInt64LE(64)),
      ),
    );
  expect(await tokens()).toEqual([Number(FUNDED_BASE), Number(FUNDED_QUOTE), 0, 0]);

  const { txs, change, estimate } = await recover(owner, [free]);
  expect(txs).toHaveLength(1);
  expect(change).toBe(rent - serviceFee(rent) - sum(txs.map(networkFee))); // no fee on the tokens
  expect(estimate).toBe(change);
  expect(await tokens()).toEqual([0, 0, Number(FUNDED_BASE), Number(FUNDED_QUOTE)]);
  expect(await h.lamportsOf([free])).toEqual([0]);

  // A settle into an account that is not the owner's (here the market's own vault) is refused by the guard.
  const { blockhash } = await h.connection.getLatestBlockhash('confirmed');
  const again = fundOpenOrdersV1(env(), wallet, 'free');
  const item = (await listed(wallet))(again);
  const [market, vault, otherVault, signer, , pcWallet] = item.planAccounts as string[];
  const program = (await h.connection.getAccountInfo(new PublicKey(again)))!.owner.toBase58();
  const ix = v1SettleIx(
    program,
    again,
    wallet,
    market,
    { coinVault: vault, pcVault: otherVault, vaultSigner: signer },
    {
      coin: vault,
      pc: pcWallet,
    },
  );
  const tx = new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(ix);
  expect(await refusal([tx], wallet, [again])).toMatch(
    `settle into account ${vault} belongs to ${signer}, not the owner`,
  );
});

it("the guard refuses a lying server's close (paying another, an account with funds), and so does the program", async () => {
  const { owner, manifest } = await h.fund('demo');
  const wallet = owner.publicKey.toBase58();
  const o = await demoOpenOrders(manifest.recovery);
  const stranger = Keypair.generate().publicKey.toBase58();
  const fundedV1 = fundOpenOrdersV1(env(), wallet, 'locked');
  const market = async (oo: string) =>
    new PublicKey((await h.connection.getAccountInfo(new PublicKey(oo)))!.data.subarray(13, 45)).toBase58();
  const program = (await h.connection.getAccountInfo(new PublicKey(o.v1)))!.owner.toBase58();
  const { blockhash } = await h.connection.getLatestBlockhash('confirmed');
  const tx = (...ixs: TransactionInstruction[]) =>
    new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(...ixs);

  // v1: the rent sent to someone else; a close of the account holding base tokens.
  const paysAnother = v1CloseIx(program, o.v1, wallet, await market(o.v1));
  paysAnother.keys[2] = { pubkey: new PublicKey(stranger), isSigner: false, isWritable: true };
  expect(await refusal([tx(paysAnother)], wallet, [o.v1])).toMatch(`open-orders close pays ${stranger}, not the owner`);
  const withFunds = tx(v1CloseIx(program, fundedV1, wallet, await market(fundedV1)));
  expect(await refusal([withFunds], wallet, [fundedV1])).toMatch(`open-orders account ${fundedV1} still holds funds`);
  // v2: the rent sent to someone else; a close of an account holding quote tokens named under the ticked index.
  const v2PaysAnother = v2CloseAccountIx(wallet, o.v2);
  v2PaysAnother.keys[3] = { pubkey: new PublicKey(stranger), isSigner: false, isWritable: true };
  expect(await refusal([tx(v2PaysAnother)], wallet, [o.indexer])).toMatch(
    `open-orders close pays ${stranger}, not the owner`,
  );
  const fundedV2 = fundOpenOrdersV2(env(), wallet, true).openOrders;
  expect(await refusal([tx(v2CloseAccountIx(wallet, fundedV2))], wallet, [o.indexer])).toMatch(
    `open-orders account ${fundedV2} still holds funds`,
  );

  // Signed and sent anyway, the program refuses it (TooManyOpenOrders, dex/src/error.rs) and nothing moves.
  const before = await h.lamportsOf([fundedV1]);
  withFunds.sign(owner);
  const sent = await h.connection.sendRawTransaction(withFunds.serialize()).then(
    () => 'sent',
    (e: Error) => e.message,
  );
  expect(sent).toMatch(/custom program error: 0x2a/);
  expect(await h.lamportsOf([fundedV1])).toEqual(before);
});
