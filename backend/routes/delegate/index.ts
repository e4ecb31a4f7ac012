import Router from '@koa/router';
import type { Services } from '../../context';
import { ForbiddenError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { verifyAuthorization, withAuthorization } from '../../services/auth/authVerify';
import { explorerUrlFor, fetchCnft, fetchProof } from '../../services/nft/cnftData';
import { cnftSendFailure } from '../../services/nft/cnftSendFailure';
import { sendAndConfirm, type SendOutcome } from '../../services/rpc/send';
import { NOT_OWNER, prepareDelegatedTransfer } from '../../services/nft/delegatedTransfer';
import { DelegateAssetSchema, DelegatedTransferSchema } from './schema';
import type { DelegateInfoResponse, DelegateProofResponse, DelegatedTransferResponse } from '../../../src/common/api';
import { CNFT_OUTCOMES, VACANT_ERRORS } from '../../../src/common/texts';

/**
 * GET /api/delegate/info/:assetId → delegationInfo {delegated (to the server delegate), delegate};
 * GET /api/delegate/proof/:assetId → proofData (fresh);
 * POST /api/delegated-transfer → verifies the owner's signed 'delegated-transfer' authorisation of this asset
 * (PRODUCT difference 11: this site, this wallet, this asset, a fresh one-use nonce), then transfers the cNFT
 * to TRASH_WALLET signed by the server's delegate key.
 */
export function delegateRoutes(services: Services): Router {
  const router = new Router({ prefix: '/api' });
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'no-store');

  router.get(
    '/delegate/info/:assetId',
    validate(DelegateAssetSchema),
    async (ctx: ValidatedContext<typeof DelegateAssetSchema>) => {
      const asset = await fetchCnft(services, ctx.state.input.params.assetId);
      const serverDelegate = services.delegate?.publicKey.toBase58() ?? null;
      const current =
        asset.ownership.delegate && asset.ownership.delegate !== asset.ownership.owner
          ? asset.ownership.delegate
          : null;
      noStore(ctx);
      ctx.body = {
        success: true,
        delegationInfo: {
          delegated: !!serverDelegate && current === serverDelegate && !asset.burnt,
          delegate: current,
        },
        serverDelegate,
        owner: asset.ownership.owner,
      } satisfies DelegateInfoResponse;
    },
  );

  router.get(
    '/delegate/proof/:assetId',
    validate(DelegateAssetSchema),
    async (ctx: ValidatedContext<typeof DelegateAssetSchema>) => {
      const { assetId } = ctx.state.input.params;
      const asset = await fetchCnft(services, assetId);
      const proof = await fetchProof(services, assetId);
      noStore(ctx);
      ctx.body = {
        success: true,
        proofData: {
          proof: proof.proof,
          root: proof.root,
          tree_id: proof.tree_id,
          node_index: proof.node_index,
          leaf_id: asset.compression.leaf_id,
          data_hash: asset.compression.data_hash,
          creator_hash: asset.compression.creator_hash,
          leaf: proof.leaf,
        },
      } satisfies DelegateProofResponse;
    },
  );

  router.post(
    '/delegated-transfer',
    validate(DelegatedTransferSchema),
    async (ctx: ValidatedContext<typeof DelegatedTransferSchema>) => {
      const { sender, assetId, signedMessage, message, signedTransaction } = ctx.state.input.body;
      const proof = { message, signature: signedMessage, signedTransaction };
      const m = await verifyAuthorization(
        services,
        ctx,
        { wallet: sender, action: 'delegated-transfer', assetIds: [assetId] },
        proof,
      );
      await withAuthorization(services, m, async () => {
        const asset = await fetchCnft(services, assetId);
        if (asset.ownership.owner !== sender) throw ForbiddenError(NOT_OWNER);
        // The proof the client sent is ignored on purpose: a fresh one is read for the transaction.
        const attempt = async (): Promise<SendOutcome> => {
          const prepared = await prepareDelegatedTransfer(services, assetId, sender);
          const [outcome] = await sendAndConfirm(services.rpc, [prepared.raw], {
            lastValidBlockHeight: prepared.lastValidBlockHeight,
            timeoutMs: Math.min(25_000, services.config.confirmTimeoutMs),
          }).catch((err: Error): SendOutcome[] => [{ signature: prepared.signature, status: 'refused', err }]);
          if (outcome.status !== 'refused') return outcome;
          if (/blockhash not found/i.test(outcome.err.message))
            return { signature: prepared.signature, status: 'expired' as const };
          throw cnftSendFailure(outcome.err);
        };
        // docs/PRODUCT.md#trash-a-cnft: an expired transaction is retried once with a fresh blockhash. It provably did not land, and the
        // retry re-checks the owner, so the asset cannot move twice.
        let outcome = await attempt();
        if (outcome.status === 'expired') outcome = await attempt();
        const explorerUrl = explorerUrlFor(services, outcome.signature, ctx.origin);
        if (outcome.status === 'confirmed')
          ctx.body = { success: true, signature: outcome.signature, explorerUrl } satisfies DelegatedTransferResponse;
        else if (outcome.status === 'timeout')
          ctx.body = {
            success: true,
            pending: true,
            signature: outcome.signature,
            explorerUrl,
            message: CNFT_OUTCOMES.assumedSuccess,
          } satisfies DelegatedTransferResponse;
        else {
          ctx.status = 400;
          ctx.body = {
            success: false,
            error:
              outcome.status === 'expired' ? VACANT_ERRORS.expired : `Transfer failed: ${JSON.stringify(outcome.err)}`,
          } satisfies DelegatedTransferResponse;
        }
      });
    },
  );
  return router;
}
