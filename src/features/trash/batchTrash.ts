// Spec §4.6/§9 batch trash: the first 3 cNFTs in one transaction; if that fails, one by one with the §9 delays
// (no basic fallback inside a batch: hiding is a per-asset choice).
import type { CnftLeaf } from '../../chain/cnft';
import { buildBatchTrashTransaction } from '../../chain/cnftTransactions';
import {
  CNFT_BATCH_SIZE,
  CNFT_BEFORE_BATCH_EXECUTION_MS,
  CNFT_BEFORE_BATCH_SIGNING_MS,
  CNFT_BEFORE_INDIVIDUAL_TRANSFER_MS,
  CNFT_BETWEEN_FALLBACK_TRANSFERS_AFTER_ERROR_MS,
  CNFT_BETWEEN_FALLBACK_TRANSFERS_MS,
  CNFT_BETWEEN_PROOF_REFRESHES_MS,
} from '../../common/constants';
import { VALIDATION } from '../../common/texts';
import { GuardRefusedError, isAbort } from '../wallet/signingErrors';
import { loadLeaf } from './cnftLeaf';
import { requireOwner, runOwnerTransaction } from './ownerTransaction';
import { trashWithFallback } from './standardTrash';
import { isCancellation } from './trashErrors';
import type { TrashDeps, TrashOutcome } from './trashTypes';

export interface BatchResult {
  outcomes: TrashOutcome[];
  failed: { assetId: string; error: string }[];
  /** True when the one-transaction batch failed and the assets went one by one. */
  individually: boolean;
}

export async function batchTrash(deps: TrashDeps, assetIds: string[]): Promise<BatchResult> {
  if (assetIds.length === 0) throw new Error(VALIDATION.noAssetIds);
  const owner = requireOwner(deps);
  const ids = assetIds.slice(0, CNFT_BATCH_SIZE);
  await deps.delay(CNFT_BEFORE_BATCH_EXECUTION_MS);
  try {
    const sent = await runOwnerTransaction(
      deps,
      async () => {
        const leaves: CnftLeaf[] = [];
        for (const [i, id] of ids.entries()) {
          if (i > 0) await deps.delay(CNFT_BETWEEN_PROOF_REFRESHES_MS);
          leaves.push((await loadLeaf(deps, id)).leaf);
        }
        const tx = buildBatchTrashTransaction(leaves, deps.trashWallet);
        await deps.delay(CNFT_BEFORE_BATCH_SIGNING_MS);
        return tx;
      },
      { owner, kind: 'trashCnft', allowedAccounts: ids, trashWallet: deps.trashWallet },
    );
    return { outcomes: ids.map((assetId) => ({ assetId, method: 'batch', ...sent })), failed: [], individually: false };
  } catch (err) {
    if (isCancellation(err) || err instanceof GuardRefusedError || isAbort(err)) throw err;
  }
  const outcomes: TrashOutcome[] = [];
  const failed: { assetId: string; error: string }[] = [];
  let lastFailed = false;
  for (const [i, id] of ids.entries()) {
    if (i > 0)
      await deps.delay(
        lastFailed ? CNFT_BETWEEN_FALLBACK_TRANSFERS_AFTER_ERROR_MS : CNFT_BETWEEN_FALLBACK_TRANSFERS_MS,
      );
    await deps.delay(CNFT_BEFORE_INDIVIDUAL_TRANSFER_MS);
    try {
      outcomes.push(await trashWithFallback(deps, id, { allowBasic: false }));
      lastFailed = false;
    } catch (err) {
      if (isCancellation(err) || isAbort(err)) throw err;
      failed.push({ assetId: id, error: (err as Error).message });
      lastFailed = true;
    }
  }
  return { outcomes, failed, individually: true };
}
