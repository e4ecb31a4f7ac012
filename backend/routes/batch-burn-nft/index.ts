import Router from '@koa/router';
import { MAX_SELECTED_NFTS_WARNING_THRESHOLD } from '../../../src/common/constants';
import { VALIDATION } from '../../../src/common/texts';
import type { Services } from '../../context';
import { ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { NoValidNftsError, planNftBurn } from '../../services/nftBurn';
import { BatchBurnNftSchema } from './schema';

/** Most NFTs one request may burn: the spec's batch limit (§5), which the client warns about too. */
export const MAX_NFTS_PER_BATCH_REQUEST = MAX_SELECTED_NFTS_WARNING_THRESHOLD;

export function batchBurnNftRoutes({ connection, config }: Services): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/batch-burn-nft', validate(BatchBurnNftSchema), async (ctx: ValidatedContext<typeof BatchBurnNftSchema>) => {
    const { nfts, owner } = ctx.state.input.body;
    if (nfts.length === 0) throw ValidationError(VALIDATION.noValidNfts);
    if (nfts.length > MAX_NFTS_PER_BATCH_REQUEST) {
      // The client turns this into '{error} Please select {n} or fewer NFTs.' (spec §5).
      ctx.status = 400;
      ctx.body = { success: false, error: `Too many NFTs in one batch (${nfts.length}).`, maxBatchSize: MAX_NFTS_PER_BATCH_REQUEST };
      return;
    }
    try {
      const plan = await planNftBurn(connection, { owner, feeWallet: config.feeWallet, nfts });
      ctx.body = {
        success: true,
        maxBatchSize: plan.maxBatchSize,
        transaction: plan.transactions[0],
        transactions: plan.transactions,
        totalRentRecovered: plan.totalRentRecovered,
        totalFee: plan.totalFee,
        processedNFTs: plan.processedNFTs,
        skipped: plan.skipped,
      };
    } catch (err) {
      if (err instanceof NoValidNftsError) throw ValidationError(VALIDATION.noValidNfts);
      throw err;
    }
  });
  return router;
}
