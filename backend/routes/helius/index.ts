import Router from '@koa/router';
import type { Services } from '../../context';
import { isRateLimited, RateLimitedError, ServiceUnavailableError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { ASSET_SERVICE_UNAVAILABLE } from '../../services/nft/cnftData';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';
import { listWalletAssets, truncatedNotice } from '../../services/assets/walletAssets';
import { AssetListSchema, WalletNftsSchema } from './schema';
import type { AssetListResponse, WalletNftsResponse } from '../../../src/common/api';

/** `truncated` and a notice only when the listing is incomplete (nothing added to a complete one). */
const truncation = (truncated: boolean, count: number) =>
  truncated ? { truncated: true, notice: truncatedNotice(count) } : {};

/**
 * Indexer routes (`{indexer}` = helius, README, settings), backed by DAS in both modes.
 * - GET /api/helius/wallet/nfts/:wallet → data {regularNfts, compressedNfts}; with ?format=list, data is one list
 *   (regular then compressed; cNFTs carry compression.compressed = true) — the spec's second reading.
 * - GET /api/helius/assets/:wallet → non-compressed NFTs; GET /api/helius/cnfts/:wallet → cNFTs.
 */
export function heliusRoutes({ das, rpc, logger }: Services): Router {
  const router = new Router({ prefix: '/api/helius' });

  const load = async (wallet: string) => {
    try {
      return await listWalletAssets(das, rpc, wallet);
    } catch (err) {
      if (isRateLimited(err)) throw RateLimitedError();
      logger.warn({ err: (err as Error).message }, 'asset index unavailable');
      throw (
        upstreamFailure(err, { unavailable: ASSET_SERVICE_UNAVAILABLE }) ??
        ServiceUnavailableError(ASSET_SERVICE_UNAVAILABLE)
      );
    }
  };

  router.get(
    '/wallet/nfts/:wallet',
    validate(WalletNftsSchema),
    async (ctx: ValidatedContext<typeof WalletNftsSchema>) => {
      const { regularNfts, compressedNfts, truncated } = await load(ctx.state.input.params.wallet);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = (
        ctx.state.input.query.format === 'list'
          ? {
              success: true,
              data: [...regularNfts, ...compressedNfts],
              ...truncation(truncated, regularNfts.length + compressedNfts.length),
            }
          : {
              success: true,
              data: { regularNfts, compressedNfts },
              ...truncation(truncated, regularNfts.length + compressedNfts.length),
            }
      ) satisfies WalletNftsResponse | AssetListResponse;
    },
  );
  router.get('/assets/:wallet', validate(AssetListSchema), async (ctx: ValidatedContext<typeof AssetListSchema>) => {
    ctx.set('Cache-Control', 'no-store');
    const { regularNfts, truncated } = await load(ctx.state.input.params.wallet);
    ctx.body = {
      success: true,
      data: regularNfts,
      ...truncation(truncated, regularNfts.length),
    } satisfies AssetListResponse;
  });
  router.get('/cnfts/:wallet', validate(AssetListSchema), async (ctx: ValidatedContext<typeof AssetListSchema>) => {
    ctx.set('Cache-Control', 'no-store');
    const { compressedNfts, truncated } = await load(ctx.state.input.params.wallet);
    ctx.body = {
      success: true,
      data: compressedNfts,
      ...truncation(truncated, compressedNfts.length),
    } satisfies AssetListResponse;
  });
  return router;
}
