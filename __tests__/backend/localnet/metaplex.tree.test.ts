// The local concurrent Merkle tree: account bytes as account compression lays them out, canopy-truncated proofs,
// changelog fast-forward, snapshot round trip. Pure: no chain.
import { randomBytes } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { getMerkleTreeAccountDataSerializer } from '@metaplex-foundation/spl-account-compression';
import { ConcurrentMerkleTreeAccount, MerkleTree } from '../../../backend/localnet/metaplex/merkleTree';
import { LocalTree } from '../../../backend/localnet/metaplex/tree';

const addr = () => Keypair.generate().publicKey.toBase58();
const leaf = () => randomBytes(32);

function filled(n: number): LocalTree {
  const t = new LocalTree(addr(), addr(), 14, 64, 8, 42);
  for (let i = 0; i < n; i++) t.append(leaf());
  return t;
}

test('account bytes read back with both account-compression readers', () => {
  const t = filled(70);
  const data = Buffer.from(t.accountData());
  const a = ConcurrentMerkleTreeAccount.fromBuffer(data);
  expect([a.getMaxDepth(), a.getMaxBufferSize(), a.getCanopyDepth(), a.getBufferSize()]).toEqual([14, 64, 8, 64]);
  expect(a.getCurrentSeq().toNumber()).toBe(70);
  expect(a.getCurrentBufferIndex()).toBe(70 % 64);
  expect(a.getCurrentRoot().equals(t.root())).toBe(true);
  expect(a.getAuthority().toBase58()).toBe(t.authority);
  expect(a.getCreationSlot().toNumber()).toBe(42);
  expect(a.tree.rightMostPath.index).toBe(70);
  expect(a.tree.rightMostPath.leaf.toBuffer().equals(t.leaf(69))).toBe(true);

  const [u] = getMerkleTreeAccountDataSerializer().deserialize(data);
  expect(u.canopy).toHaveLength(510);
  expect(u.tree.changeLogs[Number(u.tree.activeIndex)].index).toBe(69);
});

test('a canopy-truncated proof verifies (fast-forwarded if stale); a wrong node or a changed leaf does not', () => {
  const t = filled(300);
  const i = 123;
  const proof = t.proof(i).slice(0, 6);
  expect(t.verify(t.root(), t.leaf(i), i, proof)).toBe(true);
  expect(t.verify(t.root(), t.leaf(i), i, t.proof(i))).toBe(true); // a full proof too
  expect(t.verify(t.root(), t.leaf(i), i, proof.slice(0, 5))).toBe(false); // too short for the canopy
  const bad = [...proof];
  bad[3] = leaf();
  expect(t.verify(t.root(), t.leaf(i), i, bad)).toBe(false);
  expect(t.verify(leaf(), t.leaf(i), i, proof)).toBe(true); // unknown root: whole buffer replayed
  const appended = t.leaf(299);
  t.setLeaf(299, leaf());
  expect(t.verify(leaf(), appended, 299, t.proof(299).slice(0, 6))).toBe(false); // ... and 299 changed in it

  const oldRoot = t.root();
  t.setLeaf(200, leaf()); // someone else's leaf changes
  expect(t.verify(oldRoot, t.leaf(i), i, proof)).toBe(true); // fast-forwarded, as on chain
  const mine = t.leaf(i);
  t.setLeaf(i, leaf());
  expect(t.verify(oldRoot, mine, i, proof)).toBe(false); // our leaf changed since that root
  expect(t.verify(oldRoot, t.leaf(i), i, proof)).toBe(true); // a proof of its new content is fine
});

test('roots agree with a MerkleTree built from scratch; a snapshot restores the same tree', () => {
  const t = filled(50);
  t.setLeaf(7, Buffer.alloc(32));
  const leaves = Array.from({ length: 50 }, (_, i) => t.leaf(i));
  expect(MerkleTree.sparseMerkleTreeFromLeaves(leaves, 14).getRoot().equals(t.root())).toBe(true);
  const back = LocalTree.restore(JSON.parse(JSON.stringify(t.snapshot())));
  expect(back.root().equals(t.root())).toBe(true);
  expect(Buffer.from(back.accountData()).equals(Buffer.from(t.accountData()))).toBe(true);
});
