// Trees and the asset index survive a restart (DATA_DIR): every cNFT keeps its owner and proofs still verify.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { publicKey } from '@metaplex-foundation/umi';
import { getAssetWithProof, transfer } from '@metaplex-foundation/mpl-bubblegum';
import { fundedKeypair, startHarness } from './metaplexHarness';

test('a restart keeps every cNFT owner, the tree root, and transfers keep working', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-metaplex-'));
  const dest = Keypair.generate().publicKey.toBase58();
  let h = await startHarness(dir);
  const owner = fundedKeypair(h);
  const o = owner.publicKey.toBase58();
  const { cnfts, tree } = h.metaplex.fundCnfts(o, 4, { delegateIndexes: [3], delegate: dest });
  const { nfts } = h.metaplex.fundNfts(o, 2);
  let umi = h.umiFor(owner);
  const a = await getAssetWithProof(umi, publicKey(cnfts[0].assetId), { truncateCanopy: true });
  await transfer(umi, { ...a, leafOwner: umi.identity, newLeafOwner: publicKey(dest) }).sendAndConfirm(umi);
  const root = h.metaplex.cnfts.trees.get(tree)!.root().toString('hex');
  await h.close();

  h = await startHarness(dir);
  try {
    umi = h.umiFor(owner);
    expect(h.metaplex.cnfts.trees.get(tree)!.root().toString('hex')).toBe(root);
    expect((await umi.rpc.getAsset(publicKey(cnfts[0].assetId))).ownership.owner).toBe(dest);
    expect((await umi.rpc.getAsset(publicKey(cnfts[3].assetId))).ownership).toEqual(
      expect.objectContaining({ owner: o, delegate: dest, delegated: true }),
    );
    const mine = (await umi.rpc.getAssetsByOwner({ owner: publicKey(o) })).items.map((i) => i.id);
    expect(mine).toEqual(expect.arrayContaining([...cnfts.slice(1).map((c) => c.assetId), ...nfts.map((n) => n.mint)]));
    expect(mine).not.toContain(cnfts[0].assetId);
    const b = await getAssetWithProof(umi, publicKey(cnfts[1].assetId), { truncateCanopy: true });
    await transfer(umi, { ...b, leafOwner: umi.identity, newLeafOwner: publicKey(dest) }).sendAndConfirm(umi);
    expect((await umi.rpc.getAsset(publicKey(cnfts[1].assetId))).ownership.owner).toBe(dest);
    // New cNFTs go on after the restored leaves, with fresh names.
    const more = h.metaplex.fundCnfts(o, 1);
    expect(more.cnfts[0].leafIndex).toBe(4);
    expect(more.cnfts[0].name).not.toBe(cnfts[0].name);
  } finally {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
