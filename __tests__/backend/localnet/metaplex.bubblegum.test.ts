// Bubblegum transfer, delegate and burn built with mpl-bubblegum, signed and sent through the local chain.
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { publicKey, type Umi } from '@metaplex-foundation/umi';
import { burn, delegate, getAssetWithProof, transfer } from '@metaplex-foundation/mpl-bubblegum';
import { MerkleTree } from '../../../backend/localnet/metaplex/merkleTree';
import { fundedKeypair, startHarness, type Harness } from './metaplexHarness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const b = (s: string) => Buffer.from(bs58.decode(s));
const balance = (a: string) => h.localnet.chain.getBalance(a);

async function verifiesNow(umi: Umi, id: string): Promise<boolean> {
  const p = await umi.rpc.getAssetProof(publicKey(id));
  const index = p.node_index - 2 ** p.proof.length;
  return MerkleTree.verify(b(p.root), { leaf: b(p.leaf), leafIndex: index, proof: p.proof.map(b), root: b(p.root) });
}

async function setup(count = 3) {
  const owner = fundedKeypair(h);
  const { cnfts, tree } = h.metaplex.fundCnfts(owner.publicKey.toBase58(), count);
  return { owner, umi: h.umiFor(owner), cnfts, tree };
}

test('the owner transfers a cNFT: DAS shows the new owner and fresh proofs verify against the new root', async () => {
  const { owner, umi, cnfts, tree } = await setup();
  const dest = Keypair.generate().publicKey.toBase58();
  const a = await getAssetWithProof(umi, publicKey(cnfts[1].assetId), { truncateCanopy: true });
  const rootBefore = a.rpcAssetProof.root;
  const staleOther = await getAssetWithProof(umi, publicKey(cnfts[2].assetId), { truncateCanopy: true });
  await transfer(umi, { ...a, leafOwner: umi.identity, newLeafOwner: publicKey(dest) }).sendAndConfirm(umi);

  const asset = await umi.rpc.getAsset(publicKey(cnfts[1].assetId));
  expect(asset.ownership.owner).toBe(dest);
  const proof = await umi.rpc.getAssetProof(publicKey(cnfts[1].assetId));
  expect(proof.root).not.toBe(rootBefore);
  expect(await verifiesNow(umi, cnfts[1].assetId)).toBe(true);
  expect(await verifiesNow(umi, cnfts[0].assetId)).toBe(true);
  const mine = await umi.rpc.getAssetsByOwner({ owner: publicKey(owner.publicKey.toBase58()) });
  expect(mine.items.map((i) => i.id)).not.toContain(cnfts[1].assetId);
  const theirs = await umi.rpc.getAssetsByOwner({ owner: publicKey(dest) });
  expect(theirs.items.map((i) => i.id)).toEqual([cnfts[1].assetId]);
  expect(h.metaplex.cnfts.trees.get(tree)!.root().equals(b(proof.root))).toBe(true);

  // A proof fetched before that transfer, for another leaf, still lands: the changelog fast-forwards it, as on mainnet.
  await transfer(umi, { ...staleOther, leafOwner: umi.identity, newLeafOwner: publicKey(dest) }).sendAndConfirm(umi);
  expect((await umi.rpc.getAsset(publicKey(cnfts[2].assetId))).ownership.owner).toBe(dest);
  expect(await verifiesNow(umi, cnfts[2].assetId)).toBe(true);
});

/** Sends with preflight, as wallets do; the error is what the program answered (custom error code in the logs). */
async function sendExpectingFailure(umi: Umi, builder: ReturnType<typeof transfer>, payer: string) {
  const before = balance(payer);
  let err: unknown = null;
  try {
    await builder.send(umi);
  } catch (e) {
    err = e;
  }
  const logs = (err as { logs?: string[] } | null)?.logs ?? [];
  return { err: err && `${(err as Error).message} ${logs.join(' ')}`, spent: Number(before - balance(payer)) };
}

test("a wrong proof or a missing owner signature fails and changes nothing but the fee payer's balance", async () => {
  const { owner, umi, cnfts, tree } = await setup();
  const treeBefore = Buffer.from(h.localnet.chain.getAccount(tree)!.data);
  const a = await getAssetWithProof(umi, publicKey(cnfts[0].assetId), { truncateCanopy: true });
  const dest = publicKey(Keypair.generate().publicKey.toBase58());

  const badProof = [...a.proof];
  badProof[2] = publicKey(Keypair.generate().publicKey.toBase58());
  const wrong = await sendExpectingFailure(
    umi,
    transfer(umi, { ...a, proof: badProof, leafOwner: umi.identity, newLeafOwner: dest }),
    owner.publicKey.toBase58(),
  );
  expect(wrong.err).toContain('0x1771'); // account compression: ConcurrentMerkleTreeError
  expect(wrong.spent).toBeLessThanOrEqual(5000);

  // Someone else pays and signs; the owner is named but does not sign.
  const thief = fundedKeypair(h);
  const thiefUmi = h.umiFor(thief);
  const unsigned = await sendExpectingFailure(
    thiefUmi,
    transfer(thiefUmi, {
      ...a,
      leafOwner: publicKey(owner.publicKey.toBase58()),
      newLeafOwner: publicKey(thief.publicKey.toBase58()),
    }),
    thief.publicKey.toBase58(),
  );
  expect(unsigned.err).toContain('0x1788'); // Bubblegum: LeafAuthorityMustSign
  expect(unsigned.spent).toBeLessThanOrEqual(5000);

  expect((await umi.rpc.getAsset(publicKey(cnfts[0].assetId))).ownership.owner).toBe(owner.publicKey.toBase58());
  expect(Buffer.from(h.localnet.chain.getAccount(tree)!.data).equals(treeBefore)).toBe(true);
});

test('the owner delegates, then the delegate transfers', async () => {
  const { umi, cnfts } = await setup();
  const del = fundedKeypair(h);
  const delUmi = h.umiFor(del);
  const id = publicKey(cnfts[2].assetId);
  let a = await getAssetWithProof(umi, id, { truncateCanopy: true });
  await delegate(umi, {
    ...a,
    leafOwner: umi.identity,
    previousLeafDelegate: a.leafOwner,
    newLeafDelegate: publicKey(del.publicKey.toBase58()),
  }).sendAndConfirm(umi);
  const asset = await umi.rpc.getAsset(id);
  expect(asset.ownership).toEqual(expect.objectContaining({ delegated: true, delegate: del.publicKey.toBase58() }));

  a = await getAssetWithProof(delUmi, id, { truncateCanopy: true });
  expect(a.leafDelegate).toBe(del.publicKey.toBase58());

  const dest = Keypair.generate().publicKey.toBase58();
  await transfer(delUmi, {
    ...a,
    leafOwner: a.leafOwner,
    leafDelegate: delUmi.identity,
    newLeafOwner: publicKey(dest),
  }).sendAndConfirm(delUmi);
  const moved = await umi.rpc.getAsset(id);
  expect(moved.ownership).toEqual(expect.objectContaining({ owner: dest, delegated: false, delegate: null }));
  expect(await verifiesNow(umi, cnfts[2].assetId)).toBe(true);
});

test('Bubblegum burn by the owner marks the asset burnt and removes it from the wallet', async () => {
  const { owner, umi, cnfts } = await setup();
  const id = publicKey(cnfts[0].assetId);
  const a = await getAssetWithProof(umi, id, { truncateCanopy: true });
  await burn(umi, { ...a, leafOwner: umi.identity }).sendAndConfirm(umi);
  expect((await umi.rpc.getAsset(id)).burnt).toBe(true);
  const list = await umi.rpc.getAssetsByOwner({ owner: publicKey(owner.publicKey.toBase58()) });
  expect(list.items.map((i) => i.id)).not.toContain(cnfts[0].assetId);
  const p = await umi.rpc.getAssetProof(id);
  expect(p.leaf).toBe(bs58.encode(Buffer.alloc(32)));
  expect(await verifiesNow(umi, cnfts[1].assetId)).toBe(true);
});

test('one transaction transfers two cNFTs of one tree; the same cNFT twice in one transaction fails', async () => {
  const { umi, cnfts } = await setup(4);
  const dest = publicKey(Keypair.generate().publicKey.toBase58());
  const [a, c] = await Promise.all(
    [0, 3].map((i) => getAssetWithProof(umi, publicKey(cnfts[i].assetId), { truncateCanopy: true })),
  );
  await transfer(umi, { ...a, leafOwner: umi.identity, newLeafOwner: dest })
    .add(transfer(umi, { ...c, leafOwner: umi.identity, newLeafOwner: dest }))
    .sendAndConfirm(umi);
  for (const i of [0, 3]) expect((await umi.rpc.getAsset(publicKey(cnfts[i].assetId))).ownership.owner).toBe(dest);
  for (const x of cnfts) expect(await verifiesNow(umi, x.assetId)).toBe(true);

  const b = await getAssetWithProof(umi, publicKey(cnfts[1].assetId), { truncateCanopy: true });
  const twice = await sendExpectingFailure(
    umi,
    transfer(umi, { ...b, leafOwner: umi.identity, newLeafOwner: dest }).add(
      transfer(umi, {
        ...b,
        leafOwner: umi.identity,
        newLeafOwner: publicKey(Keypair.generate().publicKey.toBase58()),
      }),
    ),
    umi.identity.publicKey,
  );
  expect(twice.err).toContain('0x1771');
  expect((await umi.rpc.getAsset(publicKey(cnfts[1].assetId))).ownership.owner).toBe(umi.identity.publicKey);
});
