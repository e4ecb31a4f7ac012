// The compressed-NFT index: local trees (see tree.ts) and one record per asset — what a DAS indexer would know.
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import type { PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import { DecompressibleState, Version, getTreeConfigAccountDataSerializer } from '@metaplex-foundation/mpl-bubblegum';
import type { Chain } from '../chain';
import {
  ACCOUNT_COMPRESSION_PROGRAM,
  BUBBLEGUM_PROGRAM,
  MPL_ACCOUNT_COMPRESSION_PROGRAM,
  TREE_CANOPY_DEPTH,
  TREE_MAX_BUFFER,
  TREE_MAX_DEPTH,
} from './constants';
import {
  DEFAULT_ASSET_DATA_HASH,
  collectionHashOf,
  contentHashes,
  contentHashesV2,
  leafHash,
  leafHashV2,
  type CnftContent,
} from './leaf';
import { assetIdPda, treeConfigPda } from './pdas';
import { LocalTree, type TreeSnapshot } from './tree';

export interface CnftRecord extends CnftContent {
  id: string;
  tree: string;
  leafIndex: number;
  owner: string;
  delegate: string | null;
  image: string;
  dataHash: string;
  creatorHash: string;
  burnt: boolean;
  seq?: number; // the tree's sequence number when this leaf last changed (DAS compression.seq)
  v2?: LeafV2; // Bubblegum V2 leaf (LeafSchema V2)
}
/** The V2 leaf's extra fields: flags (1 frozen by owner/delegate, 2 frozen by permanent delegate, 4 non-transferable). */
export interface LeafV2 {
  flags: number;
  coreCollection: string | null;
  assetDataHash: string;
}
export interface CnftEntry {
  assetId: string;
  tree: string;
  leafIndex: number;
  name: string;
  image: string;
  delegate: string | null;
  version?: 2;
  flags?: number;
}
export interface CnftSnapshot {
  trees: TreeSnapshot[];
  records: CnftRecord[];
}

/** A minted leaf as a funding manifest names it (V2 leaves with their version and flags). */
export function cnftEntry(r: CnftRecord): CnftEntry {
  return {
    assetId: r.id,
    tree: r.tree,
    leafIndex: r.leafIndex,
    name: r.name,
    image: r.image,
    delegate: r.delegate,
    ...(r.v2 ? { version: 2 as const, flags: r.v2.flags } : {}),
  };
}

/** A tree's shape (spl-account-compression: a valid depth/buffer pair, a canopy below the depth). */
export interface TreeShapeSpec {
  maxDepth: number;
  maxBuffer: number;
  canopyDepth: number;
}
const STANDARD_SHAPE: TreeShapeSpec = {
  maxDepth: TREE_MAX_DEPTH,
  maxBuffer: TREE_MAX_BUFFER,
  canopyDepth: TREE_CANOPY_DEPTH,
};

const shapeKey = (version: 1 | 2, s: TreeShapeSpec) => `${version}/${s.maxDepth}/${s.maxBuffer}/${s.canopyDepth}`;

export class CnftStore {
  readonly trees = new Map<string, LocalTree>();
  readonly records = new Map<string, CnftRecord>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly openTrees = new Map<string, LocalTree>(); // by version and shape (shapeKey)

  constructor(
    private readonly chain: Chain,
    private readonly authority: string,
  ) {}

  leafOf(r: CnftRecord): Buffer {
    if (r.burnt) return Buffer.alloc(32);
    if (r.v2)
      return leafHashV2({
        id: r.id,
        owner: r.owner,
        delegate: r.delegate ?? r.owner,
        nonce: r.leafIndex,
        dataHash: bs58.decode(r.dataHash),
        creatorHash: bs58.decode(r.creatorHash),
        collectionHash: collectionHashOf(r.v2.coreCollection),
        assetDataHash: bs58.decode(r.v2.assetDataHash),
        flags: r.v2.flags,
      });
    return leafHash({
      id: r.id,
      owner: r.owner,
      delegate: r.delegate ?? r.owner,
      nonce: r.leafIndex,
      dataHash: bs58.decode(r.dataHash),
      creatorHash: bs58.decode(r.creatorHash),
    });
  }

  ownedBy(owner: string): CnftRecord[] {
    return [...(this.byOwner.get(owner) ?? [])].map((id) => this.records.get(id)!).filter((r) => !r.burnt);
  }

  /**
   * Mints `items` as new leaves (a fresh tree when the open one is full) and writes each touched tree once. With
   * `shape`, they go into the open tree of that shape (a deep tree with a small canopy), apart from the usual ones.
   */
  mint(
    owner: string,
    items: (CnftContent & {
      image: string;
      delegate?: string | null;
      v2?: { flags: number; coreCollection?: string };
    })[],
    shape?: TreeShapeSpec,
  ): CnftRecord[] {
    const touched = new Set<LocalTree>();
    const out: CnftRecord[] = [];
    for (const item of items) {
      const tree = this.treeWithRoom(item.v2 ? 2 : 1, shape);
      const leafIndex = tree.numLeaves;
      const { delegate, v2, ...content } = item;
      // A V2 leaf's data hash carries its Core collection (MetadataArgsV2.collection), as getAssetWithProof rebuilds it.
      const r: CnftRecord = {
        ...content,
        ...(v2 ? contentHashesV2({ ...content, coreCollection: v2.coreCollection }) : contentHashes(content)),
        id: assetIdPda(tree.address, leafIndex),
        tree: tree.address,
        leafIndex,
        owner,
        delegate: delegate ?? null,
        burnt: false,
        ...(v2
          ? {
              v2: {
                flags: v2.flags,
                coreCollection: v2.coreCollection ?? null,
                assetDataHash: bs58.encode(DEFAULT_ASSET_DATA_HASH),
              },
            }
          : {}),
      };
      tree.append(this.leafOf(r));
      r.seq = tree.seq;
      this.put(r);
      touched.add(tree);
      out.push(r);
    }
    for (const t of touched) this.writeTree(t);
    return out;
  }

  /** Replaces a leaf after a transfer, delegate or burn; the tree account is rewritten. */
  update(id: string, change: Partial<Pick<CnftRecord, 'owner' | 'delegate' | 'burnt'>>): void {
    // (V2 flags never change here: freeze/thaw/setNonTransferable are not emulated.)
    const r = this.records.get(id)!;
    this.byOwner.get(r.owner)?.delete(id);
    Object.assign(r, change);
    this.put(r);
    const tree = this.trees.get(r.tree)!;
    tree.setLeaf(r.leafIndex, this.leafOf(r));
    r.seq = tree.seq;
    this.writeTree(tree);
  }

  private put(r: CnftRecord): void {
    this.records.set(r.id, r);
    let set = this.byOwner.get(r.owner);
    if (!set) this.byOwner.set(r.owner, (set = new Set()));
    set.add(r.id);
  }

  private treeWithRoom(version: 1 | 2, shape = STANDARD_SHAPE): LocalTree {
    const key = shapeKey(version, shape);
    const open = this.openTrees.get(key);
    if (open && open.numLeaves < open.capacity) return open;
    const address = Keypair.generate().publicKey.toBase58();
    const { maxDepth, maxBuffer, canopyDepth } = shape;
    const tree = new LocalTree(address, treeConfigPda(address), maxDepth, maxBuffer, canopyDepth, this.chain.slot());
    tree.version = version;
    this.trees.set(address, tree);
    this.openTrees.set(key, tree);
    return tree;
  }

  writeTree(tree: LocalTree): void {
    const data = tree.accountData();
    this.chain.setAccount(tree.address, {
      lamports: BigInt(this.chain.rent(data.length)),
      data,
      owner: tree.version === 2 ? MPL_ACCOUNT_COMPRESSION_PROGRAM : ACCOUNT_COMPRESSION_PROGRAM,
    });
    const config = getTreeConfigAccountDataSerializer().serialize({
      treeCreator: this.authority as UmiPublicKey,
      treeDelegate: this.authority as UmiPublicKey,
      totalMintCapacity: BigInt(tree.capacity),
      numMinted: BigInt(tree.numLeaves),
      isPublic: false,
      isDecompressible: DecompressibleState.Disabled,
      version: tree.version === 2 ? Version.V2 : Version.V1,
    });
    // transferV2 pays its protocol fee into the tree config: keep what it holds above the rent minimum.
    const held = this.chain.getBalance(tree.authority);
    const rent = BigInt(this.chain.rent(config.length));
    this.chain.setAccount(tree.authority, {
      lamports: held > rent ? held : rent,
      data: config,
      owner: BUBBLEGUM_PROGRAM,
    });
  }

  snapshot(): CnftSnapshot {
    return {
      trees: [...this.trees.values()].map((t) => t.snapshot()),
      records: [...this.records.values()].map((r) => ({ ...r })),
    };
  }

  restore(s: CnftSnapshot): void {
    this.trees.clear();
    this.records.clear();
    this.byOwner.clear();
    this.openTrees.clear();
    for (const t of s.trees) {
      const tree = LocalTree.restore(t);
      this.trees.set(tree.address, tree);
      this.openTrees.set(shapeKey(tree.version, tree), tree);
    }
    for (const r of s.records) this.put({ ...r });
  }
}
