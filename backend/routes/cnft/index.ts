import Router from '@koa/router';
import { treeConfigAddress } from '../../../src/chain/cnft';
import { SIMULATED_SIGNATURE } from '../../../src/common/constants';
import { buildDelegateTransaction } from '../../../src/common/cnftBuilders';
import type { Services } from '../../context';
import { appError, ForbiddenError, ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import {
  assetCollection,
  assetName,
  buildOr400,
  fetchCnft,
  loadLeaf,
  serializeUnsigned,
} from '../../services/nft/cnftData';
import { verifyAuthorization } from '../../services/auth/authVerify';
import { NOT_OWNER, requireDelegate } from '../../services/nft/delegatedTransfer';
import { BurnRequestSchema, DelegateSchema } from './schema';
import type { CnftBurnResponse, CnftDelegateResponse } from '../../../src/common/api';
import { AUTH_REFUSALS } from '../../../src/common/texts/serverErrorTexts';

export const SERVER_BURN_MESSAGE =
  'Authorisation verified. This server does not burn cNFTs (only the tree authority could). Nothing was burned: burn it from its card with your wallet, which signs a Bubblegum burn as the owner.';
export const SIGNATURE_REQUIRED = AUTH_REFUSALS.required;

/**
 * POST /api/cnft/burn-request — verifies the owner's signed 'burn-request' authorisation of this asset and answers
 * honestly that the server burns nothing (docs/PRODUCT.md#who-acts: described as simulated; PRODUCT difference 8: the owner burns in the page).
 * POST /api/cnft/delegate — the proof and tree data for delegating to the server delegate, plus the unsigned
 * Bubblegum delegate transaction the owner signs.
 */
export function cnftRoutes(services: Services): Router {
  const router = new Router({ prefix: '/api/cnft' });

  router.post('/burn-request', validate(BurnRequestSchema), async (ctx: ValidatedContext<typeof BurnRequestSchema>) => {
    const { assetId, ownerAddress, signedMessage, message, signedTransaction } = ctx.state.input.body;
    if (signedMessage === SIMULATED_SIGNATURE) throw ValidationError(SIGNATURE_REQUIRED);
    const proof = { message, signature: signedMessage, signedTransaction };
    await verifyAuthorization(
      services,
      ctx,
      { wallet: ownerAddress, action: 'burn-request', assetIds: [assetId] },
      proof,
    );
    const asset = await fetchCnft(services, assetId);
    if (asset.burnt) throw appError(400, 'cnft_already_burnt');
    if (asset.ownership.owner !== ownerAddress) throw ForbiddenError(NOT_OWNER);
    ctx.body = {
      success: true,
      isSimulated: true,
      message: SERVER_BURN_MESSAGE,
      assetDetails: { name: assetName(asset), collection: assetCollection(asset) },
    } satisfies CnftBurnResponse;
  });

  router.post('/delegate', validate(DelegateSchema), async (ctx: ValidatedContext<typeof DelegateSchema>) => {
    const { ownerAddress, assetId, delegatePublicKey } = ctx.state.input.body;
    const delegate = requireDelegate(services).publicKey.toBase58();
    if (delegatePublicKey !== delegate) throw appError(400, 'only_server_delegate', delegate);
    const { asset, leaf, proof } = await loadLeaf(services, assetId);
    if (asset.ownership.owner !== ownerAddress) throw ForbiddenError(NOT_OWNER);
    const already = asset.ownership.delegate === delegate;
    let transaction: string | undefined;
    if (!already) {
      const tx = buildOr400(() => buildDelegateTransaction(leaf, delegate));
      const { blockhash } = await services.connection.getLatestBlockhash('confirmed');
      tx.recentBlockhash = blockhash;
      transaction = serializeUnsigned(tx);
    }
    ctx.body = {
      success: true,
      isSimulated: false,
      message: already
        ? 'This cNFT is already delegated to the server delegate.'
        : 'Sign the delegate transaction with your wallet.',
      data: {
        requiredProof: { proof: leaf.proof, root: proof.root },
        treeId: asset.compression.tree,
        treeAuthority: treeConfigAddress(asset.compression.tree).toBase58(),
        delegate,
      },
      transaction,
    } satisfies CnftDelegateResponse;
  });
  return router;
}
