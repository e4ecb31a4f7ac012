import Router from '@koa/router';
import { CNFT_ERRORS } from '../../../src/common/texts';
import { buildBurnTransaction } from '../../../src/common/cnftBuilders';
import type { Services } from '../../context';
import { ForbiddenError, ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { buildOr400, loadLeaf, serializeUnsigned } from '../../services/nft/cnftData';
import { NOT_OWNER } from '../../services/nft/delegatedTransfer';
import { BurnCnftSchema } from './schema';
import type { BurnCnftResponse } from '../../../src/common/api';

export const OWNER_BURN_MESSAGE =
  'The server cannot burn a cNFT. Sign this Bubblegum burn with the owner wallet to burn it.';

/**
 * POST /api/burn-cnft/:assetId {cachedProofData} — the server does not burn (only the leaf owner or the tree
 * authority can). It checks the cached proof, then answers an unsigned Bubblegum burn built with a fresh proof
 * for the owner to sign (PRODUCT difference 8).
 */
export function burnCnftRoutes(services: Services): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/burn-cnft/:assetId', validate(BurnCnftSchema), async (ctx: ValidatedContext<typeof BurnCnftSchema>) => {
    const { assetId } = ctx.state.input.params;
    const { cachedProofData, ownerAddress } = ctx.state.input.body;
    if (cachedProofData !== undefined && cachedProofData !== null) {
      const p = cachedProofData as { proof?: unknown; root?: unknown };
      if (typeof p !== 'object' || !Array.isArray(p.proof) || p.proof.length === 0 || typeof p.root !== 'string')
        throw ValidationError(CNFT_ERRORS.invalidProofForBurn);
    }
    const { asset, leaf } = await loadLeaf(services, assetId);
    if (ownerAddress && asset.ownership.owner !== ownerAddress) throw ForbiddenError(NOT_OWNER);
    const tx = buildOr400(() => buildBurnTransaction(leaf));
    const { blockhash } = await services.connection.getLatestBlockhash('confirmed');
    tx.recentBlockhash = blockhash;
    ctx.body = {
      success: true,
      isSimulated: false,
      message: OWNER_BURN_MESSAGE,
      owner: asset.ownership.owner,
      transaction: serializeUnsigned(tx),
    } satisfies BurnCnftResponse;
  });
  return router;
}
