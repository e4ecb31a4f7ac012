import Router from '@koa/router';
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { treeRootFromAccount } from '../../../src/chain/cnftTransactions';
import { treeShapeFromAccount } from '../../../src/chain/cnftTreeShape';
import type { Services } from '../../context';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { assetImage, assetName, fetchAsset, fetchProof } from '../../services/nft/cnftData';
import { assetCollection as collectionOf } from '../../services/das/dasParse';
import { AssetIdSchema } from './schema';
import type { AssetDiagnosticResponse, AssetProofResponse, AssetResponse } from '../../../src/common/api';

type Ctx = ValidatedContext<typeof AssetIdSchema>;

const noCache = (ctx: Ctx) => {
  ctx.set('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0');
  ctx.set('Pragma', 'no-cache');
  ctx.set('Expires', '0');
};

/**
 * docs/PRODUCT.md#server-calls cNFT data: a fresh proof (never cached), the asset with its compression data, and a diagnostic that
 * compares the indexer's root with the tree account's.
 */
export function assetRoutes(services: Services): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/helius/asset-proof/:assetId', validate(AssetIdSchema), async (ctx: Ctx) => {
    const proof = await fetchProof(services, ctx.state.input.params.assetId);
    const asset = await fetchAsset(services, ctx.state.input.params.assetId).catch(() => null);
    noCache(ctx);
    ctx.body = {
      success: true,
      data: {
        proof: proof.proof,
        root: proof.root,
        tree_id: proof.tree_id,
        node_index: proof.node_index,
        leaf_id: asset?.compression?.leaf_id,
        data_hash: asset?.compression?.data_hash,
        creator_hash: asset?.compression?.creator_hash,
        leaf: proof.leaf,
      },
    } satisfies AssetProofResponse;
  });

  router.get('/helius/asset/:assetId', validate(AssetIdSchema), async (ctx: Ctx) => {
    const asset = await fetchAsset(services, ctx.state.input.params.assetId);
    const compressed = !!asset.compression?.compressed;
    const proof = compressed && !asset.burnt ? await fetchProof(services, asset.id).catch(() => null) : null;
    noCache(ctx);
    ctx.body = {
      success: true,
      data: {
        id: asset.id,
        name: assetName(asset),
        image: assetImage(asset),
        ...collectionOf(asset),
        burnt: !!asset.burnt,
        compression: { ...(asset.compression ?? { compressed: false }), root: proof?.root, proof: proof?.proof },
        ownership: asset.ownership
          ? {
              owner: asset.ownership.owner,
              delegate: asset.ownership.delegate ?? null,
              delegated: !!asset.ownership.delegated,
            }
          : undefined,
      },
    } satisfies AssetResponse;
  });

  router.get('/asset/diagnostic/:assetId', validate(AssetIdSchema), async (ctx: Ctx) => {
    const asset = await fetchAsset(services, ctx.state.input.params.assetId);
    const proof =
      asset.compression?.compressed && !asset.burnt ? await fetchProof(services, asset.id).catch(() => null) : null;
    let treeRoot: string | null = null;
    let shape: ReturnType<typeof treeShapeFromAccount> | null = null;
    const tree = asset.compression?.tree;
    if (tree) {
      const info = await services.connection.getAccountInfo(new PublicKey(tree), 'confirmed').catch(() => null);
      if (info) {
        try {
          shape = treeShapeFromAccount(info.data);
          treeRoot = bs58.encode(treeRootFromAccount(info.data));
        } catch {
          /* not a tree account */
        }
      }
    }
    noCache(ctx);
    ctx.body = {
      success: true,
      details: {
        id: asset.id,
        name: assetName(asset),
        compressed: !!asset.compression?.compressed,
        burnt: !!asset.burnt,
        owner: asset.ownership?.owner ?? null,
        delegate: asset.ownership?.delegate ?? null,
        proof: proof ? { ...proof } : null,
        tree: shape,
        proofNodesNeeded: shape ? shape.maxDepth - shape.canopyDepth : null,
        rootsMatch: proof && treeRoot ? proof.root === treeRoot : null,
      },
      compression: {
        tree: tree ?? null,
        leaf_id: asset.compression?.leaf_id ?? null,
        root: proof?.root ?? null,
        tree_root: treeRoot,
      },
    } satisfies AssetDiagnosticResponse;
  });
  return router;
}
