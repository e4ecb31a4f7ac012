// Bubblegum V1 instructions on a compressed NFT: transfer (to the trash wallet), burn (leaf owner may burn), delegate.
// Encoded by hand (8-byte Anchor discriminator + root, data hash, creator hash, nonce u64, index u32) to keep
// mpl-bubblegum out of the browser bundle; the tests check the bytes against mpl-bubblegum's serializers.
import bs58 from 'bs58';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { ACCOUNT_COMPRESSION_PROGRAM, BUBBLEGUM_PROGRAM, SPL_NOOP_PROGRAM, SYSTEM_PROGRAM } from '../common/addresses';
import { cnftBurnV2Ix, cnftDelegateV2Ix, cnftTransferV2Ix } from './cnftV2';
import { type Address, toBase58, toPublicKey } from './keys';

export const BUBBLEGUM_PROGRAM_ID = new PublicKey(BUBBLEGUM_PROGRAM);
export const BUBBLEGUM_DISCRIMINATORS = {
  transfer: [163, 52, 200, 231, 140, 3, 69, 186],
  burn: [116, 110, 29, 56, 107, 219, 42, 93],
  delegate: [90, 147, 75, 178, 85, 88, 4, 137],
} as const;

export function treeConfigAddress(tree: Address): PublicKey {
  return PublicKey.findProgramAddressSync([toPublicKey(tree).toBuffer()], BUBBLEGUM_PROGRAM_ID)[0];
}

/** Asset id of a V1 leaf: PDA ['asset', tree, nonce u64 LE]. */
export function cnftAssetId(tree: Address, nonce: bigint | number): string {
  const seed = Buffer.alloc(8);
  seed.writeBigUInt64LE(BigInt(nonce));
  return PublicKey.findProgramAddressSync(
    [Buffer.from('asset'), toPublicKey(tree).toBuffer(), seed],
    BUBBLEGUM_PROGRAM_ID,
  )[0].toBase58();
}

/** Everything a V1 leaf instruction needs; hashes and root as base58 (DAS) or bytes. DAS answers → `leafFor`. */
export interface CnftLeaf {
  tree: Address;
  owner: Address;
  /** Current leaf delegate; the owner when not delegated. */
  delegate?: Address;
  root: string | Uint8Array;
  dataHash: string | Uint8Array;
  creatorHash: string | Uint8Array;
  /** Leaf index in the tree (DAS node_index minus 2^depth, or compression.leaf_id). */
  index: number;
  /** Leaf nonce; equals the index for V1 mints. */
  nonce?: number | bigint;
  /** Proof nodes (base58), leaf to root; a tree with a canopy needs only the first depth − canopy. */
  proof: string[];
  /** Bubblegum V2 leaf (PRODUCT difference 12): its flags and hashes, as DAS answers them; V2 instructions are used (cnftV2.ts). */
  v2?: CnftLeafV2;
}

export interface CnftLeafV2 {
  flags: number;
  assetDataHash?: string | Uint8Array;
  collectionHash?: string | Uint8Array;
  /** The Core collection account a leaf in a collection must name (transferV2 / burnV2). */
  coreCollection?: string;
}

/** V2 fields of a DAS compression answer, when it is a V2 leaf. */
export function leafV2FromDas(
  c: { flags?: number; asset_data_hash?: string; collection_hash?: string },
  coreCollection?: string,
): CnftLeafV2 | undefined {
  if (c.flags === undefined && c.asset_data_hash === undefined && c.collection_hash === undefined) return undefined;
  return {
    flags: c.flags ?? 0,
    assetDataHash: c.asset_data_hash,
    collectionHash: c.collection_hash,
    ...(coreCollection ? { coreCollection } : {}),
  };
}

const bytes32 = (v: string | Uint8Array, what: string): Buffer => {
  const b = typeof v === 'string' ? Buffer.from(bs58.decode(v)) : Buffer.from(v);
  if (b.length !== 32) throw new Error(`${what} must be 32 bytes`);
  return b;
};

function leafData(discriminator: readonly number[], leaf: CnftLeaf): Buffer {
  const data = Buffer.alloc(8 + 96 + 12);
  Buffer.from(discriminator).copy(data, 0);
  bytes32(leaf.root, 'root').copy(data, 8);
  bytes32(leaf.dataHash, 'data hash').copy(data, 40);
  bytes32(leaf.creatorHash, 'creator hash').copy(data, 72);
  data.writeBigUInt64LE(BigInt(leaf.nonce ?? leaf.index), 104);
  data.writeUInt32LE(leaf.index, 112);
  return data;
}

const meta = (pubkey: Address, isSigner = false, isWritable = false) => ({
  pubkey: toPublicKey(pubkey),
  isSigner,
  isWritable,
});

function tail(leaf: CnftLeaf) {
  return [meta(leaf.tree, false, true), meta(SPL_NOOP_PROGRAM), meta(ACCOUNT_COMPRESSION_PROGRAM)];
}

function proofAccounts(leaf: CnftLeaf) {
  if (leaf.proof.length === 0) throw new Error('A proof must be a non-empty list');
  return leaf.proof.map((node) => meta(node));
}

/** Bubblegum's leaf instructions share one account layout; only the account after the leaf delegate differs. */
function leafIx(
  kind: keyof typeof BUBBLEGUM_DISCRIMINATORS,
  leaf: CnftLeaf,
  target: Address[],
): TransactionInstruction {
  return new TransactionInstruction({
    programId: BUBBLEGUM_PROGRAM_ID,
    keys: [
      meta(treeConfigAddress(leaf.tree)),
      meta(leaf.owner, true),
      meta(leaf.delegate ?? leaf.owner),
      ...target.map((a) => meta(a)),
      ...tail(leaf),
      meta(SYSTEM_PROGRAM),
      ...proofAccounts(leaf),
    ],
    data: leafData(BUBBLEGUM_DISCRIMINATORS[kind], leaf),
  });
}

/** Transfer of the leaf to `newOwner`, signed by the owner (transferV2 for a V2 leaf). */
export const cnftTransferIx = (leaf: CnftLeaf, newOwner: Address) =>
  leaf.v2 ? cnftTransferV2Ix(leaf, newOwner) : leafIx('transfer', leaf, [newOwner]);

/** Burn of the leaf by its owner (Bubblegum accepts the leaf owner's signature; burnV2 for a V2 leaf). */
export const cnftBurnIx = (leaf: CnftLeaf) => (leaf.v2 ? cnftBurnV2Ix(leaf) : leafIx('burn', leaf, []));

/** Sets the leaf delegate to `newDelegate`, signed by the owner (delegateV2 for a V2 leaf). */
export const cnftDelegateIx = (leaf: CnftLeaf, newDelegate: Address) =>
  leaf.v2 ? cnftDelegateV2Ix(leaf, newDelegate) : leafIx('delegate', leaf, [newDelegate]);

export function cnftAssetIdOf(leaf: CnftLeaf): string {
  return cnftAssetId(toBase58(leaf.tree), leaf.nonce ?? leaf.index);
}
