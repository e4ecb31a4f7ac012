// docs/PRODUCT.md, "Every state of an NFT or cNFT": each state the `collector` profile makes is either burned with
// exactly the lamports the chain returns (fee included) or left alone with the program's real reason, 0 lamports
// moved and 0 transactions sent. Real HTTP, the local chain's emulated programs, exact lamports.
import { type Connection, type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { SolbackApp } from '../../backend/app';
import { decodeCoreCollection } from '../../backend/localnet/metaplex/core';
import { type ChainGuardReport, chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { treeShapeFromAccount } from '../../src/chain/cnftTreeShape';
import { MPL_CORE_CPI_SIGNER } from '../../src/chain/cnftV2';
import { serviceFee } from '../../src/chain/fees';
import { buildTrashTransaction, leafFor } from '../../src/common/cnftBuilders';
import { BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS } from '../../src/common/constants';
import {
  MARKER_PRINTS_EXCESS,
  burnAllowedAccounts,
  masterHasPrints,
  nftBurnIxs,
  readNftBurns,
} from '../../src/chain/nftBurnPlan';
import {
  CORE_COLLECTION_FROZEN,
  CORE_FROZEN,
  CORE_FROZEN_PERMANENTLY,
  NFT_FROZEN_BY_DELEGATE,
  PNFT_LISTED,
  PNFT_LOCKED,
} from '../../src/chain/nftBurnKinds';
import { coreBurnV1Ix } from '../../src/chain/nftBurn';
import { KIND_BLOCKED, VALIDATION } from '../../src/common/texts';
import { networkFee } from '../support/networkFee';
import { simulateOnLatest } from '../support/simulateOnLatest';
import { burnItem, collectorHelpers } from './collectorSupport';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

let server: LocalChainServer;
let solback: SolbackApp;
let connection: Connection;
const post = (route: string, body: unknown) => server.api(route, body);

beforeAll(async () => {
  server = await startLocalChainServer();
  ({ solback, connection } = server);
  await post('localnet/fund', { owner: solback.config.feeWallet });
});
afterAll(async () => {
  await server?.close();
});

const { collector, lamports, burnReturn, land } = collectorHelpers(() => server);
const item = burnItem;

test('a master edition with prints outstanding is left alone with the true reason: 0 transactions, 0 lamports', async () => {
  const { o, states } = await collector();
  const master = states.masterWithPrints;
  const before = await lamports(o);
  const alone = await post('batch-burn-nft', { owner: o, nfts: [item(master)] });
  expect(alone).toEqual({ status: 400, body: { success: false, error: VALIDATION.noValidNfts } });
  const own = await readNftBurns(connection, o, [item(master)]);
  expect(own.skipped).toEqual([{ mint: master.mint, reason: masterHasPrints(3n) }]);
  expect(masterHasPrints(3n)).toBe('this master has 3 prints: burn them first');
  expect(await lamports(o)).toBe(before);
  expect(await lamports(master.tokenAccount)).toBeGreaterThan(0);
});

test('the listing and the rent estimate agree: the master with prints is labelled and counted nowhere, the prints are', async () => {
  const { o, states } = await collector();
  const listing = (await server.get(`/api/helius/wallet/nfts/${o}`)).json.data.regularNfts;
  const card = (mint: string) => listing.find((n: { mint: string }) => n.mint === mint);
  expect(card(states.masterWithPrints.mint).blocked).toBe(KIND_BLOCKED.masterHasPrints);
  expect(card(states.ownMaster.mint).blocked).toBe(KIND_BLOCKED.masterHasPrints);
  for (const p of [...states.ownPrints, states.printOfToken2022Master]) expect(card(p.mint).blocked).toBeUndefined();
  const estimate = (await server.get(`/api/rent-estimate/${o}?useAccurateCalculator=true`)).json.data;
  const rents = estimate.nftRentsLamports as Record<string, number>;
  expect(rents[states.masterWithPrints.mint]).toBeUndefined();
  expect(rents[states.ownMaster.mint]).toBeUndefined();
  // The two own prints together return the marker too, as the batch burn does.
  const [p1, p2] = states.ownPrints;
  const marker = await lamports(p1.master!.marker);
  expect(rents[p1.mint] + rents[p2.mint]).toBe((await burnReturn(p1)) + (await burnReturn(p2)) + marker);
  expect(rents[states.printOfToken2022Master.mint]).toBe(await burnReturn(states.printOfToken2022Master));
});

test("two prints of the owner's own master in one batch: the figure (and the 1 % fee) equals the chain's change", async () => {
  const { owner, o, states } = await collector();
  const [p1, p2] = states.ownPrints;
  const marker = p1.master!.marker;
  expect(p2.master!.marker).toBe(marker);
  const markerLamports = await lamports(marker);
  const items = [item(p1), item(p2), item(states.ownMaster)];
  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: items });
  expect(status).toBe(200);
  expect(body.skipped).toEqual([{ mint: states.ownMaster.mint, reason: masterHasPrints(2n) }]);
  // The second burn empties the marker: its lamports are in the figure, once.
  expect(body.totalRentRecovered).toBe((await burnReturn(p1)) + (await burnReturn(p2)) + markerLamports);
  expect(body.totalFee).toBe(serviceFee(body.totalRentRecovered));
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(marker)).toBe(0);
  console.log('two own prints (lamports):', JSON.stringify({ plan: body.totalRentRecovered, marker: markerLamports }));
  // The master's prints are gone: its burn is now the program's to allow, and SolBack plans it.
  const after = await readNftBurns(connection, o, [item(states.ownMaster)]);
  expect(after.skipped).toEqual([]);
});

test('a print whose master mint is a Token-2022 mint (270 bytes) is planned and burned to the lamport', async () => {
  const { owner, o, states } = await collector();
  const print = states.printOfToken2022Master;
  const masterMint = await connection.getAccountInfo(new PublicKey(print.master!.mint), 'confirmed');
  expect(masterMint!.data.length).toBe(270);
  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: [item(print)] });
  expect(status).toBe(200);
  expect(body.skipped).toEqual([]);
  expect(body.totalRentRecovered).toBe(await burnReturn(print));
  const markerBefore = await lamports(print.master!.marker);
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(print.master!.marker)).toBe(markerBefore); // the master is someone else's: its bit stays
});

/** The leaf of a cNFT as the page builds it: the /api/helius/asset answer (collectionAddress), a fresh DAS proof. */
async function pageLeaf(assetId: string) {
  const asset = (await server.get(`/api/helius/asset/${assetId}`)).json.data;
  const proof = (await post('rpc', { jsonrpc: '2.0', id: 1, method: 'getAssetProof', params: { id: assetId } })).body
    .result;
  const tree = await connection.getAccountInfo(new PublicKey(asset.compression.tree), 'confirmed');
  return leafFor(asset, proof, treeShapeFromAccount(tree!.data));
}
const dasAsset = async (id: string) =>
  (await post('rpc', { jsonrpc: '2.0', id: 1, method: 'getAsset', params: { id } })).body.result;
const collectionSize = async (c: string) =>
  decodeCoreCollection((await connection.getAccountInfo(new PublicKey(c), 'confirmed'))!.data)!.currentSize;

test('a V2 cNFT in a Core collection, trashed: the leaf names its collection; the owner pays the network fee + 6,000 lamports', async () => {
  const { owner, o, states } = await collector();
  const leaf = states.cnftV2InCoreCollection;
  const built = await pageLeaf(leaf.assetId);
  expect(built.v2?.coreCollection).toBe(leaf.coreCollection);
  const tx = buildTrashTransaction(built, solback.config.trashWallet);
  tx.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash;
  // The page's guard simulates the chain's figure (V2's transfer fee included) and accepts it as the owner's cost.
  let report: ChainGuardReport | undefined;
  await chainGuard([tx], {
    owner: o,
    kind: 'trashCnft',
    allowedAccounts: [leaf.assetId],
    trashWallet: solback.config.trashWallet,
    reader: connectionChainReader(connection),
    onChecked: (r) => (report = r),
  });
  tx.sign(owner);
  const before = await lamports(o);
  await connection.confirmTransaction(await connection.sendRawTransaction(tx.serialize()), 'confirmed');
  expect(await lamports(o)).toBe(before - networkFee(tx) - BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
  expect(report!.ownerChangeLamports).toBe(-networkFee(tx) - BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
  expect((await dasAsset(leaf.assetId)).ownership.owner).toBe(solback.config.trashWallet);
});

test('a V2 cNFT in a Core collection, burned: burnV2 carries the mpl-core CPI signer; the collection counts one less', async () => {
  const { owner, o, states } = await collector();
  const leaf = states.cnftV2InCoreCollection;
  const { body } = await post(`burn-cnft/${leaf.assetId}`, { ownerAddress: o });
  expect(body.success).toBe(true);
  const tx = Transaction.from(Buffer.from(body.transaction, 'base64'));
  const burn = tx.instructions[tx.instructions.length - 1];
  expect(burn.keys[6].pubkey.toBase58()).toBe(leaf.coreCollection);
  expect(burn.keys[7].pubkey.equals(MPL_CORE_CPI_SIGNER)).toBe(true);
  // Without the CPI signer the program refuses: 0x17a7 MissingMplCoreCpiSignerAccount.
  const without = Transaction.from(Buffer.from(body.transaction, 'base64'));
  const ix = without.instructions[without.instructions.length - 1];
  ix.keys[7] = { ...ix.keys[7], pubkey: ix.programId };
  without.sign(owner);
  const refused = await simulateOnLatest(connection, without);
  expect(refused.value.err).toEqual({ InstructionError: [without.instructions.length - 1, { Custom: 0x17a7 }] });

  const size = await collectionSize(leaf.coreCollection);
  tx.sign(owner);
  const before = await lamports(o);
  await connection.confirmTransaction(await connection.sendRawTransaction(tx.serialize()), 'confirmed');
  expect(await lamports(o)).toBe(before - networkFee(tx));
  expect((await dasAsset(leaf.assetId)).burnt).toBe(true);
  expect(await collectionSize(leaf.coreCollection)).toBe(size - 1);
});

/** The program's verdict on burning `n` anyway: the burnV1 SolBack would build, simulated on the local chain. */
async function programRefusal(
  owner: Keypair,
  n: { mint: string; tokenAccount: string; name: string },
  kind: 'nft' | 'pnft',
) {
  const ixs = nftBurnIxs(owner.publicKey.toBase58(), { ...item(n), full: true, kind, rentLamports: 0 });
  const tx = new Transaction({ feePayer: owner.publicKey, ...(await connection.getLatestBlockhash('confirmed')) });
  tx.add(...ixs).sign(owner);
  return (await simulateOnLatest(connection, tx)).value.err;
}

test('NFTs a delegate holds (a staked pNFT, a listed pNFT, a staked NFT) are left alone with the reason: 0 transactions, 0 lamports', async () => {
  const { owner, o, states } = await collector();
  const held = [states.pnftStaked, states.pnftListed, states.nftStaked];
  const before = await lamports(o);
  const alone = await post('batch-burn-nft', { owner: o, nfts: held.map(item) });
  expect(alone).toEqual({ status: 400, body: { success: false, error: VALIDATION.noValidNfts } });
  const plan = await readNftBurns(connection, o, held.map(item));
  expect(plan.skipped).toEqual([
    { mint: states.pnftStaked.mint, reason: PNFT_LOCKED },
    { mint: states.pnftListed.mint, reason: PNFT_LISTED },
    { mint: states.nftStaked.mint, reason: NFT_FROZEN_BY_DELEGATE },
  ]);
  // The program would refuse each burn: IncorrectTokenState (0xa4) for Locked and Listed, SPL's AccountFrozen (0x11).
  const refusedWith = (code: number) => ({ InstructionError: [0, { Custom: code }] });
  expect(await programRefusal(owner, states.pnftStaked, 'pnft')).toEqual(refusedWith(0xa4));
  expect(await programRefusal(owner, states.pnftListed, 'pnft')).toEqual(refusedWith(0xa4));
  expect(await programRefusal(owner, states.nftStaked, 'nft')).toEqual(refusedWith(0x11));
  expect(await lamports(o)).toBe(before);
  for (const n of held) expect(await lamports(n.tokenAccount)).toBeGreaterThan(0);

  // The cards say why, and the rent estimate counts none of them.
  const listing = (await server.get(`/api/helius/wallet/nfts/${o}`)).json.data.regularNfts;
  const card = (mint: string) => listing.find((n: { mint: string }) => n.mint === mint);
  expect(card(states.pnftStaked.mint).blocked).toBe(KIND_BLOCKED.pnftLocked);
  expect(card(states.pnftListed.mint).blocked).toBe(KIND_BLOCKED.pnftLocked);
  expect(card(states.nftStaked.mint).blocked).toBe(KIND_BLOCKED.nftStaked);
  const rents = (await server.get(`/api/rent-estimate/${o}?useAccurateCalculator=true`)).json.data.nftRentsLamports;
  for (const n of held) expect(rents[n.mint]).toBeUndefined();
});

test("Core assets under a frozen freeze plugin (their own or their collection's) are left alone; a thawed one burns to the lamport", async () => {
  const { owner, o, states } = await collector();
  const frozen = [states.coreStaked, states.corePermanentlyFrozen, states.coreInFrozenCollection];
  const core = (a: { asset: string; name: string }) => ({ mint: a.asset, name: a.name });
  const before = await lamports(o);
  const alone = await post('batch-burn-nft', { owner: o, nfts: frozen.map(core) });
  expect(alone).toEqual({ status: 400, body: { success: false, error: VALIDATION.noValidNfts } });
  const plan = await readNftBurns(connection, o, frozen.map(core));
  expect(plan.skipped).toEqual([
    { mint: states.coreStaked.asset, reason: CORE_FROZEN },
    { mint: states.corePermanentlyFrozen.asset, reason: CORE_FROZEN_PERMANENTLY },
    { mint: states.coreInFrozenCollection.asset, reason: CORE_COLLECTION_FROZEN },
  ]);
  // The program would refuse each burn: the frozen plugin rejects it, InvalidAuthority (0x9).
  for (const a of frozen) {
    const tx = new Transaction({ feePayer: owner.publicKey, ...(await connection.getLatestBlockhash('confirmed')) });
    tx.add(coreBurnV1Ix(o, a.asset, a.collection ?? undefined)).sign(owner);
    expect((await simulateOnLatest(connection, tx)).value.err).toEqual({ InstructionError: [0, { Custom: 9 }] });
  }
  expect(await lamports(o)).toBe(before);

  // Each card says why; the estimate counts none of the three.
  const listing = (await server.get(`/api/helius/wallet/nfts/${o}`)).json.data.regularNfts;
  const card = (id: string) => listing.find((n: { mint: string }) => n.mint === id);
  expect(card(states.coreStaked.asset).blocked).toBe(KIND_BLOCKED.coreFrozen);
  expect(card(states.corePermanentlyFrozen.asset).blocked).toBe(KIND_BLOCKED.coreFrozen);
  // The indexer answers the asset's own plugins only: the listing reads its collection on chain, as the plan does.
  expect(card(states.coreInFrozenCollection.asset).blocked).toBe(KIND_BLOCKED.coreCollectionFrozen);
  expect(card(states.coreThawed.asset).blocked).toBeUndefined();
  const rents = (await server.get(`/api/rent-estimate/${o}?useAccurateCalculator=true`)).json.data.nftRentsLamports;
  for (const a of frozen) expect(rents[a.asset]).toBeUndefined();

  // The thawed asset keeps its plugin (a longer account): the burn returns rent(its size) − rent(1), to the lamport.
  const thawed = states.coreThawed;
  const info = await connection.getAccountInfo(new PublicKey(thawed.asset), 'confirmed');
  const back =
    (await connection.getMinimumBalanceForRentExemption(info!.data.length)) -
    (await connection.getMinimumBalanceForRentExemption(1));
  expect(rents[thawed.asset]).toBe(back);
  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: [core(thawed)] });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(back);
  const start = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(start + back - body.totalFee - fees);
  console.log('thawed Core asset (lamports):', JSON.stringify({ bytes: info!.data.length, back }));
});

test("prints of one marker with other NFTs between them go in one transaction: the page's guard, simulating each transaction alone, agrees; the batch lands to the lamport", async () => {
  const { owner, o, states, nfts } = await collector();
  const [p1, p2] = states.ownPrints;
  const items = [item(p1), item(states.printOfToken2022Master), ...nfts.map(item), item(p2)];
  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: items });
  expect(status).toBe(200);
  const txs = body.transactions.map((b64: string) => Transaction.from(Buffer.from(b64, 'base64')));
  expect(txs.length).toBeGreaterThan(1);
  // As the page checks it: each transaction simulated on its own against the chain as it is (chainGuard).
  const own = await readNftBurns(connection, o, items);
  let report: ChainGuardReport | undefined;
  await chainGuard(txs, {
    owner: o,
    kind: 'burnNfts',
    feeWallet: solback.config.feeWallet,
    allowedAccounts: own.planned.flatMap(burnAllowedAccounts),
    expectedReturns: Object.fromEntries(own.planned.map((p) => [p.mint, p.rentLamports])),
    reader: connectionChainReader(connection),
    onChecked: (r) => (report = r),
  });
  const txOf = (mint: string) =>
    txs.findIndex((tx: Transaction) => tx.instructions.some((ix) => ix.keys.some((k) => k.pubkey.toBase58() === mint)));
  expect(txOf(p1.mint)).toBe(txOf(p2.mint));
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(report!.ownerChangeLamports).toBe(body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(p1.master!.marker)).toBe(0);
});

test("more prints of one marker than one transaction holds: the excess is left out with the reason, the rest burns in one transaction whose figure stands alone (the page's guard agrees), to the lamport", async () => {
  const { owner, o, states } = await collector();
  const prints = states.manyPrints;
  const marker = prints[0].master!.marker;
  const markerLamports = await lamports(marker);
  const items = prints.map(item);
  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: items });
  expect(status).toBe(200);
  const left = body.skipped.filter((x: { reason: string }) => x.reason === MARKER_PRINTS_EXCESS);
  expect(left.length).toBeGreaterThan(0);
  const kept = prints.slice(0, prints.length - left.length);
  expect(left.map((x: { mint: string }) => x.mint)).toEqual(prints.slice(kept.length).map((p) => p.mint));
  expect(body.transactions).toHaveLength(1);
  // The marker stays open (the left-out prints keep their bits): its lamports are in no figure.
  const each = await Promise.all(kept.map(burnReturn));
  expect(body.totalRentRecovered).toBe(each.reduce((a, b) => a + b, 0));
  const own = await readNftBurns(connection, o, items);
  let report: ChainGuardReport | undefined;
  await chainGuard(
    body.transactions.map((b64: string) => Transaction.from(Buffer.from(b64, 'base64'))),
    {
      owner: o,
      kind: 'burnNfts',
      feeWallet: solback.config.feeWallet,
      allowedAccounts: own.planned.flatMap(burnAllowedAccounts),
      expectedReturns: Object.fromEntries(own.planned.map((p) => [p.mint, p.rentLamports])),
      reader: connectionChainReader(connection),
      onChecked: (r) => (report = r),
    },
  );
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(report!.ownerChangeLamports).toBe(body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(marker)).toBe(markerLamports);
  console.log('many prints of one marker:', JSON.stringify({ burned: kept.length, leftOut: left.length }));
});
