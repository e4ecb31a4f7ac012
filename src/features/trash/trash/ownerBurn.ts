// PRODUCT difference 8 owner burn: a Bubblegum burn signed by the leaf owner (the wallet) with a fresh proof.
import { buildBurnTransaction } from '../../../common/cnftBuilders';
import { CNFT_OUTCOMES } from '../../../common/texts';
import { ownedLeaf } from './cnftLeaf';
import { requireOwner, runOwnerTransaction } from './ownerTransaction';
import type { TrashDeps, TrashOutcome } from './trashTypes';

export async function ownerBurn(deps: TrashDeps, assetId: string): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(
    deps,
    async () => buildBurnTransaction(await ownedLeaf(deps, assetId, owner)),
    {
      owner,
      kind: 'burnCnft',
      allowedAccounts: [assetId],
    },
  );
  return {
    assetId,
    method: 'burn',
    ...sent,
    message: sent.status === 'assumed' ? CNFT_OUTCOMES.assumedSuccess : undefined,
  };
}
