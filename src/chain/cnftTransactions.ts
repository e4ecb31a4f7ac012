// Pure cNFT helpers shared by the page and the server (no React, no Redux): the tree account's canopy depth,
// DAS answers → a leaf with a canopy-truncated proof, the transfer/burn/delegate transactions and their size check.
import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import {
  BASIC_FALLBACK_COMPUTE_UNITS,
  CNFT_TRANSFER_COMPUTE_UNITS,
  TRANSACTION_SIZE_LIMIT_BYTES,
  BASIC_FALLBACK_TRANSFER_LAMPORTS,
} from '../common/constants';
import { computeBudgetIxs } from './computeBudget';
import { cnftBurnIx, cnftDelegateIx, cnftTransferIx, leafV2FromDas, type CnftLeaf } from './cnft';
import { leafAllows } from './cnftLeafFlags';
import { DEFAULT_COLLECTION_HASH, cnftTransferV2Ix } from './cnftV2';
import { sizeAfterWalletAdditions } from './pack';
import { HEADER_BYTES, proofNodesNeeded, treeShapeFromAccount, type TreeShape } from './cnftTreeShape';

/** The many shapes a proof answer comes in (docs/PRODUCT.md#server-calls: data, top level, or under compression). */
export interface ProofLike {
  proof: string[];
  root: string;
  tree_id?: string;
  node_index?: number;
  leaf_id?: number;
  data_hash?: string;
  creator_hash?: string;
  leaf?: string;
}

/** A proof answer before we know which of its shapes holds the proof. */
type ProofAnswer = Partial<ProofLike> & {
  data?: ProofAnswer;
  compression?: ProofAnswer;
  proofData?: ProofAnswer;
  details?: { proof?: ProofAnswer };
};

export function normalizeProofResponse(res: unknown): ProofLike | null {
  const r = res as ProofAnswer | null | undefined;
  if (!r) return null;
  const candidates = [r.data, r, r.compression, r.data?.compression, r.proofData, r.details?.proof];
  for (const c of candidates) {
    if (c && Array.isArray(c.proof) && typeof c.root === 'string') return c as ProofLike;
  }
  return null;
}

export interface AssetLike {
  id?: string;
  compression?: {
    tree?: string;
    data_hash?: string;
    creator_hash?: string;
    leaf_id?: number;
    compressed?: boolean;
    flags?: number;
    asset_data_hash?: string;
    collection_hash?: string;
  };
  ownership?: { owner: string; delegate?: string | null; delegated?: boolean };
  burnt?: boolean;
  /** DAS names a leaf's collection in its grouping; our /api/helius/asset answer as `collectionAddress`. */
  grouping?: { group_key: string; group_value: string }[];
  collectionAddress?: string | null;
}

/**
 * The Core collection a V2 leaf must name: transferV2 and burnV2 hash the collection account they are given into the
 * leaf (processor/{transfer,burn}.rs, utils.rs hash_collection_option), so a leaf in a collection built without it
 * never verifies ("Invalid root recomputed from proof"). A leaf whose hash is the default one is in none.
 */
function coreCollectionOf(asset: AssetLike): string | undefined {
  const hash = asset.compression?.collection_hash;
  if (!hash || hash === DEFAULT_COLLECTION_HASH) return undefined;
  const group = asset.grouping?.find((g) => g.group_key === 'collection')?.group_value;
  return group ?? asset.collectionAddress ?? undefined;
}

/** What a DAS answer lacks to make a leaf; the keys of its texts (CNFT_ERRORS in src/common/texts). */
export type LeafDataProblem = 'missingCompression' | 'missingTree' | 'invalidProofForBurn';

/** Thrown by leafFor; src/common/cnftBuilders.ts words it. */
export class LeafDataError extends Error {
  name = 'LeafDataError';
  constructor(readonly problem: LeafDataProblem) {
    super(`the DAS answer makes no leaf: ${problem}`);
  }
}

/**
 * Asset + fresh proof + tree shape → the leaf to sign for. Keeps only the proof nodes below the canopy; throws
 * LeafDataError when compression data is missing or the proof is empty.
 */
export function leafFor(
  asset: AssetLike,
  proof: ProofLike,
  shape?: Pick<TreeShape, 'maxDepth' | 'canopyDepth'>,
): CnftLeaf {
  const c = asset.compression;
  if (!c || !c.data_hash || !c.creator_hash || !asset.ownership) throw new LeafDataError('missingCompression');
  const tree = c.tree ?? proof.tree_id;
  if (!tree) throw new LeafDataError('missingTree');
  if (!Array.isArray(proof.proof) || proof.proof.length === 0) throw new LeafDataError('invalidProofForBurn');
  const index =
    typeof c.leaf_id === 'number'
      ? c.leaf_id
      : typeof proof.node_index === 'number' && shape
        ? proof.node_index - 2 ** shape.maxDepth
        : NaN;
  if (!Number.isInteger(index) || index < 0) throw new LeafDataError('missingCompression');
  const nodes = shape ? proof.proof.slice(0, Math.min(proof.proof.length, proofNodesNeeded(shape))) : proof.proof;
  const v2 = leafV2FromDas(c, coreCollectionOf(asset));
  return {
    tree,
    owner: asset.ownership.owner,
    delegate: asset.ownership.delegate ?? undefined,
    root: proof.root,
    dataHash: c.data_hash,
    creatorHash: c.creator_hash,
    index,
    nonce: index,
    proof: nodes,
    ...(v2 ? { v2 } : {}),
  };
}

/** Thrown when the proof a tree needs does not fit one transaction. */
export class ProofTooLargeError extends Error {
  name = 'ProofTooLargeError';
  constructor(
    readonly nodes: number,
    readonly bytes: number,
  ) {
    super(
      `This cNFT's tree needs ${nodes} proof nodes, which do not fit in one transaction (${bytes} of ${TRANSACTION_SIZE_LIMIT_BYTES} bytes). It cannot be moved with a wallet transaction.`,
    );
  }
}

function withBudget(feePayer: string, units: number, ixs: TransactionInstruction[]): Transaction {
  const tx = new Transaction({ feePayer: new PublicKey(feePayer) });
  // Our own limit and price, so a wallet adds no pair of its own and the fee shown is the fee charged (computeBudget.ts).
  tx.add(...computeBudgetIxs(units), ...ixs);
  // Measured as a wallet sends it: its guard's instructions and a compute-unit price in (pack.ts).
  const bytes = sizeAfterWalletAdditions(tx);
  if (bytes > TRANSACTION_SIZE_LIMIT_BYTES) {
    const nodes = ixs.reduce((n, ix) => n + Math.max(0, ix.keys.length - 8), 0);
    throw new ProofTooLargeError(nodes, bytes);
  }
  return tx;
}

/**
 * Thrown before building what Bubblegum V2 would refuse: a frozen leaf (any action) or a non-transferable one (moves).
 * `reason` keys its text (CNFT_V2_REFUSED in src/common/texts); src/common/cnftBuilders.ts words it.
 */
export class LeafRefusedError extends Error {
  name = 'LeafRefusedError';
  constructor(readonly reason: 'frozen' | 'nonTransferable') {
    super(`Bubblegum V2 refuses this action: the leaf is ${reason}`);
  }
}

function assertAllowed(leaf: CnftLeaf, action: 'move' | 'burn' | 'delegate'): void {
  if (!leaf.v2) return;
  const a = leafAllows(leaf.v2.flags);
  if (!a.canBurn) throw new LeafRefusedError('frozen');
  // A delegation here exists only to let the server move the leaf: refuse it for a leaf that can never move.
  if ((action === 'move' || action === 'delegate') && !a.canMove) throw new LeafRefusedError('nonTransferable');
}

/** Standard trash: one Bubblegum transfer of the owner's leaf to the trash wallet, the owner pays and signs. */
export function buildTrashTransaction(leaf: CnftLeaf, trashWallet: string): Transaction {
  assertAllowed(leaf, 'move');
  return withBudget(String(leaf.owner), CNFT_TRANSFER_COMPUTE_UNITS, [cnftTransferIx(leaf, trashWallet)]);
}

/** Owner burn (PRODUCT difference 8): Bubblegum burn signed by the leaf owner. */
export function buildBurnTransaction(leaf: CnftLeaf): Transaction {
  assertAllowed(leaf, 'burn');
  return withBudget(String(leaf.owner), CNFT_TRANSFER_COMPUTE_UNITS, [cnftBurnIx(leaf)]);
}

/** Delegation of the leaf to the server delegate, signed by the owner. */
export function buildDelegateTransaction(leaf: CnftLeaf, delegate: string): Transaction {
  assertAllowed(leaf, 'delegate');
  return withBudget(String(leaf.owner), CNFT_TRANSFER_COMPUTE_UNITS, [cnftDelegateIx(leaf, delegate)]);
}

/**
 * Transfer signed by the leaf delegate (the server's key), which also pays: the owner account is not a signer,
 * the delegate account is (Bubblegum accepts the owner or the delegate).
 */
export function buildDelegatedTransferTransaction(leaf: CnftLeaf, delegate: string, trashWallet: string): Transaction {
  assertAllowed(leaf, 'move');
  // transferV2: the delegate is payer and (default) authority; the leaf names owner and delegate.
  if (leaf.v2)
    return withBudget(delegate, CNFT_TRANSFER_COMPUTE_UNITS, [
      cnftTransferV2Ix({ ...leaf, delegate }, trashWallet, delegate),
    ]);
  const ix = cnftTransferIx({ ...leaf, delegate }, trashWallet);
  ix.keys[1] = { ...ix.keys[1], isSigner: false };
  ix.keys[2] = { ...ix.keys[2], isSigner: true };
  return withBudget(delegate, CNFT_TRANSFER_COMPUTE_UNITS, [ix]);
}

/** The last fallback (docs/PRODUCT.md#trash-a-cnft, PRODUCT difference 8): 1000 lamports to the trash wallet. It moves nothing; it only hides. */
export function buildBasicFallbackTransaction(owner: string, trashWallet: string): Transaction {
  const tx = new Transaction({ feePayer: new PublicKey(owner) });
  tx.add(
    ...computeBudgetIxs(BASIC_FALLBACK_COMPUTE_UNITS),
    SystemProgram.transfer({
      fromPubkey: new PublicKey(owner),
      toPubkey: new PublicKey(trashWallet),
      lamports: BASIC_FALLBACK_TRANSFER_LAMPORTS,
    }),
  );
  return tx;
}

/** The tree's current root as the account holds it (changelog entry at the active index), base58. */
export function treeRootFromAccount(data: Uint8Array): Uint8Array {
  const { maxDepth } = treeShapeFromAccount(data);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const activeIndex = Number(view.getBigUint64(HEADER_BYTES + 8, true));
  const entry = 32 + 32 * maxDepth + 8;
  const start = HEADER_BYTES + 24 + activeIndex * entry;
  return data.slice(start, start + 32);
}
