// docs/PRODUCT.md#trash-a-cnft direct trash of one cNFT: the standard transfer signed by the wallet with a fresh, canopy-truncated
// proof; the 'fixed' second attempt; the 1000-lamport basic fallback that only hides the asset (PRODUCT difference 8).
import { ProofTooLargeError, buildBasicFallbackTransaction } from '../../../chain/cnftTransactions';
import { buildTrashTransaction } from '../../../common/cnftBuilders';
import { CNFT_OUTCOMES, allTrashMethodsFailed } from '../../../common/texts';
import { GuardRefusedError, isAbort } from '../../wallet/wallet';
import { ownedLeaf } from './cnftLeaf';
import { requireOwner, runOwnerTransaction } from './ownerTransaction';
import { isCancellation } from './trashErrors';
import type { TrashDeps, TrashMethod, TrashOutcome } from './trashTypes';

export async function standardTrash(
  deps: TrashDeps,
  assetId: string,
  variant: 'standard' | 'fixed' = 'standard',
): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(
    deps,
    async () => buildTrashTransaction(await ownedLeaf(deps, assetId, owner, variant), deps.trashWallet),
    { owner, kind: 'trashCnft', allowedAccounts: [assetId], trashWallet: deps.trashWallet },
  );
  return {
    assetId,
    method: variant,
    ...sent,
    message: sent.status === 'assumed' ? CNFT_OUTCOMES.assumedSuccess : undefined,
  };
}

/** The last resort: 1000 lamports to the trash wallet. The cNFT is NOT moved; the page only hides it. */
export async function basicFallback(deps: TrashDeps, assetId: string): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(deps, async () => buildBasicFallbackTransaction(owner, deps.trashWallet), {
    owner,
    kind: 'trashCnft',
    allowedAccounts: [assetId],
    trashWallet: deps.trashWallet,
  });
  return {
    assetId,
    method: 'basic',
    signature: sent.signature,
    status: 'hidden',
    message: CNFT_OUTCOMES.basicFallbackHidden,
  };
}

/** The owner said no to the hide-only fallback (PRODUCT difference 8): nothing was sent. */
export class HideDeclinedError extends Error {
  name = 'HideDeclinedError';
}

export interface FallbackOptions {
  /** false: never offer the hide-only fallback (a batch: hiding is a per-asset choice). */
  allowBasic?: boolean;
  /**
   * Asked before the hide-only fallback runs, with why the moves failed; true = pay the 1000 lamports and hide.
   * Without it the fallback is never run: it only hides, so the owner must say yes first (PRODUCT difference 8).
   */
  askHide?: (reasons: string[]) => Promise<boolean>;
}

/**
 * docs/PRODUCT.md#trash-a-cnft fallback chain for one cNFT: standard → fixed → basic (hide only, after the owner agreed). A cancellation
 * or a guard refusal stops the chain; a proof that cannot fit a transaction skips the 'fixed' attempt. All failing:
 * 'All trash methods failed: ...'; the hide-only offer declined: HideDeclinedError.
 */
export async function trashWithFallback(
  deps: TrashDeps,
  assetId: string,
  opts: FallbackOptions = {},
): Promise<TrashOutcome> {
  const reasons: string[] = [];
  const attempts: [TrashMethod, () => Promise<TrashOutcome>][] = [
    ['standard', () => standardTrash(deps, assetId, 'standard')],
    ['fixed', () => standardTrash(deps, assetId, 'fixed')],
  ];
  const { askHide } = opts;
  if (opts.allowBasic !== false && askHide)
    attempts.push([
      'basic',
      async () => {
        if (!(await askHide([...reasons]))) throw new HideDeclinedError(allTrashMethodsFailed(reasons));
        return basicFallback(deps, assetId);
      },
    ]);
  let tooLarge = false;
  for (const [method, run] of attempts) {
    if (method === 'fixed' && tooLarge) continue;
    try {
      return await run();
    } catch (err) {
      if (isCancellation(err) || err instanceof GuardRefusedError || isAbort(err)) throw err;
      if (err instanceof HideDeclinedError) throw err;
      if (err instanceof ProofTooLargeError) tooLarge = true;
      reasons.push(`${method}: ${(err as Error)?.message ?? String(err)}`);
    }
  }
  throw new Error(allTrashMethodsFailed(reasons));
}
