import Router from '@koa/router';
import { MAX_NFTS_PER_BURN_REQUEST } from '../../../src/common/constants';
import { VALIDATION } from '../../../src/common/texts';
import type { Services } from '../../context';
import { ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { NoValidNftsError, planNftBurn } from '../../services/nft/nftBurn';
import { BatchBurnNftSchema } from './schema';
import type { BatchBurnNftResponse } from '../../../src/common/api';

export function batchBurnNftRoutes({ connection, config, das }: Services): Router {
  const router = new Router({ prefix: '/api' });
  router.post(
    '/batch-burn-nft',
    validate(BatchBurnNftSchema),
    async (ctx: ValidatedContext<typeof BatchBurnNftSchema>) => {
      const { nfts, owner } = ctx.state.input.body;
      if (nfts.length === 0) throw ValidationError(VALIDATION.noValidNfts);
      if (nfts.length > MAX_NFTS_PER_BURN_REQUEST) {
        // One action may burn more than the spec's 10 (packed into several transactions, one approval: PRODUCT difference 6);
        // over the cap the client turns this into '{error} Please select {n} or fewer NFTs.' (docs/PRODUCT.md#validation).
        ctx.status = 400;
        ctx.body = {
          success: false,
          error: `Too many NFTs in one batch (${nfts.length}).`,
          maxBatchSize: MAX_NFTS_PER_BURN_REQUEST,
        } satisfies BatchBurnNftResponse;
        return;
      }
      try {
        const plan = await planNftBurn(connection, { owner, feeWallet: config.feeWallet, nfts, das });
        ctx.body = {
          success: true,
          maxBatchSize: plan.maxBatchSize,
          transaction: plan.transactions[0],
          transactions: plan.transactions,
          totalRentRecovered: plan.totalRentRecovered,
          totalFee: plan.totalFee,
          processedNFTs: plan.processedNFTs,
          skipped: plan.skipped,
        } satisfies BatchBurnNftResponse;
      } catch (err) {
        if (err instanceof NoValidNftsError) throw ValidationError(VALIDATION.noValidNfts);
        throw err;
      }
    },
  );
  return router;
}
