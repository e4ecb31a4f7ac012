// Whether a cNFT can be moved or burned by a wallet transaction at all (PRODUCT, the page: spam labels): every Bubblegum leaf
// instruction carries the proof nodes below its tree's canopy, 33 bytes each (32-byte key + its 1-byte index in the
// message), and a transaction is at most 1232 bytes once a wallet's guard has added its instructions. Measured
// (PRODUCT figures): a transfer with N proof nodes is 485 + 33·N bytes, + 52 with a compute-budget pair (our limit,
// the price a wallet adds), + 160 for the wallet's guard (WALLET_GUARD_BYTES), so
// N ≤ floor((1232 − 160 − 485 − 52) / 33) = 16. A cNFT whose tree needs more is labelled (and offered hide), never tried.
import { TRANSACTION_SIZE_LIMIT_BYTES, WALLET_COMPUTE_BUDGET_BYTES, WALLET_GUARD_BYTES } from '../common/constants';
import { proofNodesNeeded, treeShapeFromAccount, type TreeShape } from './cnftTreeShape';

export const TRANSFER_BASE_BYTES = 485;
export const PROOF_NODE_BYTES = 33;
export const MAX_TRANSFER_PROOF_NODES = Math.floor(
  (TRANSACTION_SIZE_LIMIT_BYTES - WALLET_GUARD_BYTES - TRANSFER_BASE_BYTES - WALLET_COMPUTE_BUDGET_BYTES) /
    PROOF_NODE_BYTES,
);

export function proofFitsTransfer(shape: Pick<TreeShape, 'maxDepth' | 'canopyDepth'>): boolean {
  return proofNodesNeeded(shape) <= MAX_TRANSFER_PROOF_NODES;
}

/** The proof nodes a tree account's leaves need, or null when the bytes are not a merkle tree account. */
export function treeProofNodes(data: Uint8Array): number | null {
  try {
    return proofNodesNeeded(treeShapeFromAccount(data));
  } catch {
    return null;
  }
}
