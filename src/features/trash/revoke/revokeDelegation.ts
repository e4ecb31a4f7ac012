// Revoking the server's delegation of cNFTs the queue did not move (PRODUCT, the flows: Revoke delegation). Bubblegum has
// no revoke instruction: `delegate` (V1) / `delegateV2` replaces the leaf with one whose delegate is the account the
// owner names as new_leaf_delegate, signed by the leaf owner (mpl-bubblegum programs/bubblegum/program/src/processor/
// delegate.rs: leaf_owner: Signer, previous_leaf_delegate and new_leaf_delegate unchecked; the leaf's delegate
// "defaults to owner"). So naming the owner as the new delegate takes the server's rights away. Built in the page
// from a fresh proof (no server-built transaction to trust), one transaction per cNFT, all in one approval, through
// the one signing path; the guard accepts only delegations of these cNFTs to the owner itself.
import type { Transaction } from '@solana/web3.js';
import type { CnftLeaf } from '../../../chain/cnft';
import { buildDelegateTransaction } from '../../../common/cnftBuilders';
import { signAndSend } from '../../wallet/wallet';
import { loadLeaf } from '../trash/cnftLeaf';
import { cnftSend, requireOwner } from '../trash/ownerTransaction';
import { apiCall, signingDeps, trashGuard, type TrashDeps } from '../trash/trashTypes';
import { cnftsApi } from '../../assets/cnfts';

interface AssetOwnership {
  ownership?: { owner?: string; delegate?: string | null };
  burnt?: boolean;
}

/** Of `assetIds`, those the indexer says the owner still holds, delegated to `serverDelegate`. */
export async function stillDelegated(
  deps: Pick<TrashDeps, 'dispatch'>,
  owner: string,
  assetIds: string[],
  serverDelegate: string,
): Promise<string[]> {
  const out: string[] = [];
  for (const id of assetIds) {
    const res = (await apiCall(
      deps.dispatch(cnftsApi.endpoints.getAsset.initiate(id, { subscribe: false, forceRefetch: true })),
    ).catch(() => null)) as { data?: AssetOwnership } | AssetOwnership | null;
    const a = (res as { data?: AssetOwnership } | null)?.data ?? (res as AssetOwnership | null);
    if (a && !a.burnt && a.ownership?.owner === owner && a.ownership?.delegate === serverDelegate) out.push(id);
  }
  return out;
}

/** Sets each cNFT's leaf delegate back to its owner; one approval. Returns the ids revoked (others had moved on). */
export async function revokeDelegation(deps: TrashDeps, assetIds: string[], serverDelegate: string): Promise<string[]> {
  const owner = requireOwner(deps);
  // One read per cNFT (asset + fresh proof): kept only while the owner holds it and the server is its delegate.
  const leaves: { id: string; leaf: CnftLeaf }[] = [];
  for (const id of assetIds) {
    const { leaf } = await loadLeaf(deps, id);
    if (String(leaf.owner) === owner && String(leaf.delegate ?? '') === serverDelegate) leaves.push({ id, leaf });
  }
  if (leaves.length === 0) return [];
  const ids = leaves.map((l) => l.id);
  // After an expired blockhash only the revocations that did not land are built again, from fresh proofs.
  await signAndSend(signingDeps(deps), {
    blockhash: 'fresh',
    build: async (attempt, pending) => {
      const txs: Transaction[] = [];
      for (const i of pending ?? ids.map((_, k) => k)) {
        const leaf = attempt === 0 ? leaves[i].leaf : (await loadLeaf(deps, ids[i])).leaf;
        txs.push(buildDelegateTransaction(leaf, owner));
      }
      return txs;
    },
    guard: trashGuard(deps, { owner, kind: 'delegateCnft', allowedAccounts: ids, delegate: owner }),
    ...cnftSend(deps),
  });
  return ids;
}
