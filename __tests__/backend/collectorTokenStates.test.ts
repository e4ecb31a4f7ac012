// docs/PRODUCT.md, "Every state of an NFT or cNFT": collection NFTs (sized and unsized, with and without members),
// Token-2022 NFTs with non-transferable or permanent-delegate extensions, Core assets with a burn delegate or in a
// collection with plugins — each burned with exactly the lamports the chain returns, fee included, its card and the
// rent estimate agreeing with the plan. Real HTTP, the local chain's emulated programs and real SPL programs.
import { type Connection, PublicKey } from '@solana/web3.js';
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { unwrapOption } from '@metaplex-foundation/umi';
import { decodeCoreCollection } from '../../backend/localnet/metaplex/core';
import { collectionParents, readNftBurns } from '../../src/chain/nftBurnPlan';
import { KIND_BLOCKED } from '../../src/common/texts';
import { burnItem as item, collectorHelpers } from './collectorSupport';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

let server: LocalChainServer;
let connection: Connection;
const { collector, lamports, burnReturn, land, cards, nftRents } = collectorHelpers(() => server);

beforeAll(async () => {
  server = await startLocalChainServer();
  ({ connection } = server);
  await server.api('localnet/fund', { owner: server.solback.config.feeWallet });
});
afterAll(async () => {
  await server?.close();
});

/** The member count a sized collection's metadata holds (collection details V1); null when unsized or gone. */
async function collectionSize(metadata: string): Promise<bigint | null> {
  const info = await connection.getAccountInfo(new PublicKey(metadata), 'confirmed');
  if (!info || info.data.length < 2) return null;
  const details = unwrapOption(getMetadataAccountDataSerializer().deserialize(info.data)[0].collectionDetails);
  return details?.__kind === 'V1' ? details.size : null;
}

test('a member of a sized collection is burned to the lamport and its collection counts one less', async () => {
  const { owner, o, states } = await collector();
  const member = states.sizedMember;
  expect(await collectionSize(states.sizedParent.metadata)).toBe(1n);
  const { status, body } = await server.api('batch-burn-nft', { owner: o, nfts: [item(member)] });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(await burnReturn(member));
  expect((await nftRents(o))[member.mint]).toBe(body.totalRentRecovered);
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  // burnV1 named the collection's metadata (nonfungible.rs: MissingCollectionMetadata without it) and shrank it.
  expect(await collectionSize(states.sizedParent.metadata)).toBe(0n);
});

test('collection parents (sized with and without members, unsized) and members in one batch: the review names the parents; the figure equals the chain', async () => {
  const { owner, o, states } = await collector();
  const batch = [
    states.sizedParent,
    states.sizedMember,
    states.sizedEmptyParent,
    states.unsizedParent,
    states.unsizedMember,
  ];
  // Token Metadata burns a collection parent whatever its size (burn_nonfungible checks no collection details); its
  // members stay burnable after it (a burned parent's metadata is passed over), so the batch needs no order.
  const plan = await readNftBurns(connection, o, batch.map(item));
  expect(plan.skipped).toEqual([]);
  expect(collectionParents(plan.planned)).toEqual([
    { mint: states.sizedParent.mint, name: states.sizedParent.name, members: 1 },
    { mint: states.sizedEmptyParent.mint, name: states.sizedEmptyParent.name, members: 0 },
    { mint: states.unsizedParent.mint, name: states.unsizedParent.name, members: null },
  ]);
  const each = await Promise.all(batch.map(burnReturn));
  const rents = await nftRents(o);
  const card = await cards(o);
  batch.forEach((n, i) => {
    expect(rents[n.mint]).toBe(each[i]);
    expect(card(n.mint)?.blocked).toBeUndefined();
  });
  const { status, body } = await server.api('batch-burn-nft', { owner: o, nfts: batch.map(item) });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(each.reduce((a, b) => a + b, 0));
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  for (const n of batch) expect(await lamports(n.tokenAccount)).toBe(0);
});

test('Token-2022 NFTs: a non-transferable one (Token Metadata) and one with a permanent delegate (no Token Metadata) burn to the lamport', async () => {
  const { owner, o, states } = await collector();
  const nonTransferable = states.token2022NonTransferable;
  const account = await connection.getAccountInfo(new PublicKey(nonTransferable.tokenAccount), 'confirmed');
  expect(account!.data.length).toBeGreaterThan(170); // ImmutableOwner + NonTransferableAccount
  const pd = states.token2022PermanentDelegate;
  const plan = await readNftBurns(connection, o, [item(nonTransferable), { ...pd }]);
  expect(plan.skipped).toEqual([]);
  expect(plan.planned.map((p) => [p.kind, p.full])).toEqual([
    ['token2022Nft', true], // burnV1 (Token-2022 allows burning a non-transferable token)
    ['token2022Nft', false], // Token-2022's burn and close: the owner may burn whatever a permanent delegate may do
  ]);
  const expected = (await burnReturn(nonTransferable)) + (await lamports(pd.tokenAccount));
  expect((await nftRents(o))[nonTransferable.mint]).toBe(await burnReturn(nonTransferable));
  const { status, body } = await server.api('batch-burn-nft', { owner: o, nfts: [item(nonTransferable), { ...pd }] });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(expected);
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(pd.tokenAccount)).toBe(0);
  expect(await lamports(nonTransferable.tokenAccount)).toBe(0);
});

test('Core assets with a burn delegate, or in a collection whose plugins abstain, burn to the lamport; the collection counts one less', async () => {
  const { owner, o, states } = await collector();
  const assets = [states.coreBurnDelegated, states.coreInPluginCollection];
  const back = async (a: string) => {
    const info = await connection.getAccountInfo(new PublicKey(a), 'confirmed');
    return (
      (await connection.getMinimumBalanceForRentExemption(info!.data.length)) -
      (await connection.getMinimumBalanceForRentExemption(1))
    );
  };
  const each = await Promise.all(assets.map((a) => back(a.asset)));
  const rents = await nftRents(o);
  const card = await cards(o);
  assets.forEach((a, i) => {
    expect(rents[a.asset]).toBe(each[i]);
    expect(card(a.asset)?.blocked).toBeUndefined();
  });
  const collection = states.coreInPluginCollection.collection;
  const size = async () =>
    decodeCoreCollection((await connection.getAccountInfo(new PublicKey(collection), 'confirmed'))!.data)!.currentSize;
  const sizeBefore = await size();
  const nfts = assets.map((a) => ({ mint: a.asset, name: a.name }));
  const { status, body } = await server.api('batch-burn-nft', { owner: o, nfts });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(each[0] + each[1]);
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(await size()).toBe(sizeBefore - 1);
});

test('a pNFT with an Unlocked delegate (a Transfer delegate): its card is not labelled locked, the estimate counts it, its holder burns it to the lamport', async () => {
  const { owner, o, states } = await collector();
  const pnft = states.pnftDelegatedUnlocked;
  const asset = (await server.api('rpc', { jsonrpc: '2.0', id: 1, method: 'getAsset', params: { id: pnft.mint } })).body
    .result;
  expect(asset.ownership.delegated).toBe(true); // what the card used to read as "locked"
  const card = await cards(o);
  expect(card(pnft.mint)?.blocked).toBeUndefined();
  expect(card(states.pnftStaked.mint)?.blocked).toBe(KIND_BLOCKED.pnftLocked); // a Locked record keeps its label
  const back = (await burnReturn(pnft)) + (await lamports(pnft.tokenRecord!));
  expect((await nftRents(o))[pnft.mint]).toBe(back);
  const { status, body } = await server.api('batch-burn-nft', { owner: o, nfts: [item(pnft)] });
  expect(status).toBe(200);
  expect(body.totalRentRecovered).toBe(back);
  const before = await lamports(o);
  const fees = await land(owner, body.transactions);
  expect(await lamports(o)).toBe(before + body.totalRentRecovered - body.totalFee - fees);
  expect(await lamports(pnft.tokenRecord!)).toBe(0);
});
