// A concurrent Merkle tree kept twice: as @solana/spl-account-compression's MerkleTree (roots and proofs) and as the
// bytes of the on-chain ConcurrentMerkleTree account (header, changelog buffer, rightmost path, canopy), so clients
// reading the account (fetchMerkleTree, ConcurrentMerkleTreeAccount) see the same root and canopy the emulator checks.
import { MerkleTree } from './merkleTree';
import { PublicKey } from '@solana/web3.js';

export interface ChangeLogEntry {
  root: Buffer;
  path: Buffer[];
  index: number;
} // path[0] = leaf, then ancestors
export interface TreeSnapshot {
  address: string;
  authority: string;
  maxDepth: number;
  maxBuffer: number;
  canopyDepth: number;
  creationSlot: number;
  seq: number;
  numLeaves: number;
  leaves: Record<number, string>;
  changelog: { root: string; path: string[]; index: number }[];
  version?: 1 | 2;
}

const ZERO = Buffer.alloc(32);
const hex = (b: Buffer) => b.toString('hex');
const unhex = (s: string) => Buffer.from(s, 'hex');

export class LocalTree {
  readonly tree: MerkleTree;
  seq = 0;
  numLeaves = 0;
  /** Bubblegum tree version: V2 trees hold LeafSchema V2 and belong to mpl-account-compression. */
  version: 1 | 2 = 1;
  /** Oldest first; at most maxBuffer entries, the last one holds the current root. */
  changelog: ChangeLogEntry[] = [];

  constructor(
    readonly address: string,
    readonly authority: string,
    readonly maxDepth: number,
    readonly maxBuffer: number,
    readonly canopyDepth: number,
    readonly creationSlot: number,
    leaves: Buffer[] = [],
  ) {
    this.tree = MerkleTree.sparseMerkleTreeFromLeaves(leaves, maxDepth);
    this.changelog.push(this.entry(0));
  }

  get capacity(): number {
    return 2 ** this.maxDepth;
  }
  root(): Buffer {
    return this.tree.getRoot();
  }
  leaf(index: number): Buffer {
    return this.tree.leaves[index].node;
  }
  /** Full proof, leaf → root (maxDepth nodes), as DAS getAssetProof answers it. */
  proof(index: number): Buffer[] {
    return this.tree.getProof(index).proof;
  }

  append(leaf: Buffer): number {
    if (this.numLeaves >= this.capacity) throw new Error('tree is full');
    const index = this.numLeaves++;
    this.setLeaf(index, leaf);
    return index;
  }

  setLeaf(index: number, leaf: Buffer): void {
    this.tree.updateLeaf(index, leaf);
    this.seq += 1;
    this.changelog.push(this.entry(index));
    if (this.changelog.length > this.maxBuffer) this.changelog.shift();
  }

  private entry(index: number): ChangeLogEntry {
    const path: Buffer[] = [];
    for (let n = this.tree.leaves[index]; n.parent; n = n.parent) path.push(n.node);
    return { root: this.root(), path, index };
  }

  /** The nodes the account's canopy caches: levels 1..canopyDepth below the root, in heap order. */
  canopyNodes(): Buffer[] {
    const out: Buffer[] = [];
    for (let level = 1; level <= this.canopyDepth; level++) {
      const height = this.maxDepth - level;
      for (let j = 0; j < 2 ** level; j++) {
        let n = this.tree.leaves[j * 2 ** height];
        for (let h = 0; h < height; h++) n = n.parent!;
        out.push(n.node);
      }
    }
    return out;
  }

  /**
   * What account compression's set_leaf does with a (canopy-truncated) proof against `root`: fill in the upper nodes
   * from the canopy, fast-forward the proof through the changes made since `root` (the whole buffer when `root` is
   * no longer in it), and check it hashes to the current root. False for a leaf changed meanwhile or a wrong proof.
   */
  verify(root: Buffer, leaf: Buffer, index: number, partialProof: Buffer[]): boolean {
    const needed = this.maxDepth - this.canopyDepth;
    if (index < 0 || index > this.numLeaves || index >= this.capacity) return false; // LeafIndexOutOfBounds
    if (partialProof.length < needed || partialProof.length > this.maxDepth) return false;
    const proof = [...partialProof];
    const canopy = this.canopyNodes();
    for (let level = proof.length; level < this.maxDepth; level++) {
      const heap = ((2 ** this.maxDepth + index) >> level) ^ 1; // sibling at this level, heap-numbered from root = 1
      proof.push(canopy[heap - 2]);
    }
    const start = Math.max(
      0,
      this.changelog.findIndex((c) => c.root.equals(root)),
    );
    for (const c of this.changelog.slice(start + 1)) {
      if (c.index === index) {
        // the leaf itself changed since that root:
        if (!c.path[0].equals(leaf)) return false; // fine only if the proof names its new content
        continue;
      }
      const level = 31 - Math.clz32(c.index ^ index);
      proof[level] = c.path[level];
    }
    return MerkleTree.verify(this.root(), { leaf, leafIndex: index, proof, root: this.root() });
  }

  /** The ConcurrentMerkleTree account's bytes (account type, header V1, tree, canopy), as the program lays them out. */
  accountData(): Uint8Array {
    const d = this.maxDepth;
    const changeLogSize = 32 + 32 * d + 8;
    const pathSize = 32 * d + 32 + 8;
    const canopyLen = this.canopyDepth ? 2 ** (this.canopyDepth + 1) - 2 : 0;
    const buf = Buffer.alloc(2 + 54 + 24 + this.maxBuffer * changeLogSize + pathSize + 32 * canopyLen);
    let o = 0;
    buf[o++] = 1; // CompressionAccountType::ConcurrentMerkleTree
    buf[o++] = 0; // header version V1
    buf.writeUInt32LE(this.maxBuffer, o);
    o += 4;
    buf.writeUInt32LE(d, o);
    o += 4;
    new PublicKey(this.authority).toBuffer().copy(buf, o);
    o += 32;
    buf.writeBigUInt64LE(BigInt(this.creationSlot), o);
    o += 8 + 6; // + isBatchInitialized/padding
    const active = this.seq % this.maxBuffer;
    buf.writeBigUInt64LE(BigInt(this.seq), o);
    o += 8;
    buf.writeBigUInt64LE(BigInt(active), o);
    o += 8;
    buf.writeBigUInt64LE(BigInt(this.changelog.length), o);
    o += 8;
    const logStart = o;
    this.changelog.forEach((c, i) => {
      const slot = (this.seq - (this.changelog.length - 1 - i)) % this.maxBuffer;
      let p = logStart + slot * changeLogSize;
      c.root.copy(buf, p);
      p += 32;
      for (let l = 0; l < d; l++) (c.path[l] ?? ZERO).copy(buf, p + 32 * l);
      buf.writeUInt32LE(c.index, p + 32 * d);
    });
    o = logStart + this.maxBuffer * changeLogSize;
    const last = Math.max(this.numLeaves - 1, 0);
    const rightmost = this.numLeaves ? this.proof(last) : [];
    for (let l = 0; l < d; l++) (rightmost[l] ?? ZERO).copy(buf, o + 32 * l);
    o += 32 * d;
    (this.numLeaves ? this.leaf(last) : ZERO).copy(buf, o);
    o += 32;
    buf.writeUInt32LE(this.numLeaves, o);
    o += 8;
    for (const n of this.canopyNodes()) {
      n.copy(buf, o);
      o += 32;
    }
    return buf;
  }

  snapshot(): TreeSnapshot {
    const leaves: Record<number, string> = {};
    for (let i = 0; i < this.numLeaves; i++) if (!this.leaf(i).equals(ZERO)) leaves[i] = hex(this.leaf(i));
    return {
      address: this.address,
      authority: this.authority,
      maxDepth: this.maxDepth,
      maxBuffer: this.maxBuffer,
      canopyDepth: this.canopyDepth,
      creationSlot: this.creationSlot,
      seq: this.seq,
      numLeaves: this.numLeaves,
      leaves,
      changelog: this.changelog.map((c) => ({ root: hex(c.root), path: c.path.map(hex), index: c.index })),
      version: this.version,
    };
  }

  static restore(s: TreeSnapshot): LocalTree {
    const leaves = Array.from({ length: s.numLeaves }, (_, i) => (s.leaves[i] ? unhex(s.leaves[i]) : ZERO));
    const t = new LocalTree(s.address, s.authority, s.maxDepth, s.maxBuffer, s.canopyDepth, s.creationSlot, leaves);
    t.seq = s.seq;
    t.numLeaves = s.numLeaves;
    t.version = s.version ?? 1;
    t.changelog = s.changelog.map((c) => ({ root: unhex(c.root), path: c.path.map(unhex), index: c.index }));
    return t;
  }
}
