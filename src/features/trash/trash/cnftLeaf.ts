// The data every cNFT way starts from: the asset, a fresh proof (docs/PRODUCT.md#figures-and-limits: 3 attempts, 100 ms apart) and the tree's
// canopy depth read from the chain, turned into the leaf Bubblegum's instructions need.
import { PublicKey } from '@solana/web3.js';
import type { CnftLeaf } from '../../../chain/cnft';
import { normalizeProofResponse, type AssetLike, type ProofLike } from '../../../chain/cnftTransactions';
import { treeShapeFromAccount, type TreeShape } from '../../../chain/cnftTreeShape';
import { leafFor } from '../../../common/cnftBuilders';
import { CNFT_BETWEEN_PROOF_REFRESHES_MS, CNFT_COMMITMENT, MAX_PROOF_NODES } from '../../../common/constants';
import { CNFT_ERRORS, VALIDATION } from '../../../common/texts';
import { apiCall, type TrashConnection, type TrashDeps } from './trashTypes';
import { cnftsApi } from '../../assets/cnfts';

function assetOf(res: unknown): AssetLike {
  const r = res as { success?: boolean; data?: AssetLike; error?: string } | AssetLike;
  const a = (r as { data?: AssetLike }).data ?? (r as AssetLike);
  if (!a || !a.compression) throw new Error(CNFT_ERRORS.missingCompression);
  return a;
}

/** A fresh proof: up to 3 attempts, 100 ms apart (docs/PRODUCT.md#figures-and-limits), then 'Failed to fetch required proof data...'. */
export async function fetchFreshProof(
  deps: Pick<TrashDeps, 'dispatch' | 'delay'>,
  assetId: string,
  attempts = 3,
): Promise<ProofLike> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await deps.delay(CNFT_BETWEEN_PROOF_REFRESHES_MS);
    try {
      const p = normalizeProofResponse(
        await apiCall(
          deps.dispatch(cnftsApi.endpoints.getAssetProof.initiate(assetId, { subscribe: false, forceRefetch: true })),
        ),
      );
      if (p && p.proof.length > 0) return p;
      last = new Error(CNFT_ERRORS.invalidProofForBurn);
    } catch (err) {
      last = err;
    }
  }
  throw new Error(CNFT_ERRORS.proofFetchFailed, { cause: last });
}

export async function readTreeShape(
  connection: Pick<TrashConnection, 'getAccountInfo'>,
  tree: string,
): Promise<TreeShape | undefined> {
  const info = await connection.getAccountInfo(new PublicKey(tree), CNFT_COMMITMENT).catch(() => null);
  if (!info) return undefined;
  try {
    return treeShapeFromAccount(info.data);
  } catch {
    return undefined;
  }
}

export interface LoadedLeaf {
  asset: AssetLike;
  proof: ProofLike;
  leaf: CnftLeaf;
}

/**
 * Asset + fresh proof + the tree's canopy depth → the leaf. `fixed`: the second attempt, which takes the proof
 * embedded in the asset answer and, when the tree account cannot be read, the spec's cap of 12 nodes.
 */
export async function loadLeaf(
  deps: Pick<TrashDeps, 'dispatch' | 'delay' | 'connection'>,
  assetId: string,
  variant: 'standard' | 'fixed' = 'standard',
): Promise<LoadedLeaf> {
  if (!assetId) throw new Error(VALIDATION.assetIdRequired);
  const assetRes = await apiCall(
    deps.dispatch(cnftsApi.endpoints.getAsset.initiate(assetId, { subscribe: false, forceRefetch: true })),
  );
  const asset = assetOf(assetRes);
  const tree = asset.compression?.tree;
  if (!tree) throw new Error(CNFT_ERRORS.missingTree);
  let proof: ProofLike;
  if (variant === 'fixed') {
    const embedded = normalizeProofResponse((assetRes as { data?: unknown }).data ?? assetRes);
    proof = embedded && embedded.proof.length > 0 ? embedded : await fetchFreshProof(deps, assetId);
  } else {
    proof = await fetchFreshProof(deps, assetId);
  }
  const shape = await readTreeShape(deps.connection, tree);
  const leaf = leafFor(asset, proof, shape);
  if (!shape && variant === 'fixed') leaf.proof = leaf.proof.slice(0, MAX_PROOF_NODES);
  return { asset, proof, leaf };
}

/** The leaf, checked to belong to `owner` (the ways never ask a wallet to sign for someone else's cNFT). */
export async function ownedLeaf(
  deps: Pick<TrashDeps, 'dispatch' | 'delay' | 'connection'>,
  assetId: string,
  owner: string,
  variant: 'standard' | 'fixed' = 'standard',
) {
  const { leaf } = await loadLeaf(deps, assetId, variant);
  if (String(leaf.owner) !== owner) throw new Error('This cNFT is not owned by the connected wallet.');
  return leaf;
}
