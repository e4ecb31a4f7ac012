// A merkle tree account's shape (spl-account-compression's ConcurrentMerkleTree layout) and the proof nodes its leaves
// need: apart from the transaction builders so the page's "tree too deep" label does not load them up front.

/** Header of a ConcurrentMerkleTree account (V1): type, version, max buffer, max depth, authority, slot, padding. */
export const HEADER_BYTES = 56;

export interface TreeShape {
  maxDepth: number;
  maxBufferSize: number;
  canopyDepth: number;
}

/**
 * Reads max depth, buffer size and canopy depth from the bytes of a ConcurrentMerkleTree account (the layout of
 * spl-account-compression): header, then the tree (3 u64 + changelog + rightmost path), then the canopy nodes.
 */
export function treeShapeFromAccount(data: Uint8Array): TreeShape {
  if (data.length < HEADER_BYTES) throw new Error('Not a merkle tree account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const maxBufferSize = view.getUint32(2, true);
  const maxDepth = view.getUint32(6, true);
  if (maxDepth < 1 || maxDepth > 30 || maxBufferSize < 1) throw new Error('Not a merkle tree account');
  const changeLog = 32 + 32 * maxDepth + 4 + 4;
  const rightMostPath = 32 * maxDepth + 32 + 4 + 4;
  const treeBytes = 24 + maxBufferSize * changeLog + rightMostPath;
  const canopyBytes = data.length - HEADER_BYTES - treeBytes;
  if (canopyBytes < 0) throw new Error('Not a merkle tree account');
  const canopyNodes = Math.floor(canopyBytes / 32);
  const canopyDepth = canopyNodes === 0 ? 0 : Math.max(0, Math.floor(Math.log2(canopyNodes + 2)) - 1);
  return { maxDepth, maxBufferSize, canopyDepth };
}

/** Proof nodes a transaction must carry: the levels below the canopy. */
export function proofNodesNeeded(shape: Pick<TreeShape, 'maxDepth' | 'canopyDepth'>): number {
  return Math.max(1, shape.maxDepth - shape.canopyDepth);
}
