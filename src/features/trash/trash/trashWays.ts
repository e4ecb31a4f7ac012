// The cNFT trash ways in one lazy chunk ("trash-flows"): the listeners and the robust modal load it on first use,
// so the Bubblegum builders stay out of the page's first download.
export { fetchFreshProof, loadLeaf, readTreeShape } from './cnftLeaf';
export { delegateForQueue, delegateWithMemo, delegatedBeforeFailure, delegatedTrash } from './delegatedTrash';
export { ownerBurn } from './ownerBurn';
export { parsePrivateKey, type ParsedKey } from './privateKey';
export { robustTrash } from './robustTrash';
export { HideDeclinedError, basicFallback, standardTrash, trashWithFallback } from './standardTrash';
