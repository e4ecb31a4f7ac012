import Router from '@koa/router';
import type { Services } from '../../context';
import { appError } from '../../errors';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { estimateRent, toRentEstimateResponse } from '../../services/rent/rentEstimate';
import { RentEstimateSchema } from './schema';
import type { RentEstimateResponse } from '../../../src/common/api';
import { RENT_ERRORS } from '../../../src/common/texts';

/** docs/PRODUCT.md#error-texts text for an estimate the chain could not give (the provider down, refusing or failing). */
export const RENT_ESTIMATE_UNAVAILABLE = RENT_ERRORS.unavailable;

/**
 * GET /api/rent-estimate/:wallet — what burning everything and closing every vacant account would return.
 * The spec's amount fields are SOL (for display); each has an exact integer twin `<field>Lamports`.
 */
export function rentEstimateRoutes({ rpc, connection, das }: Services): Router {
  const router = new Router();
  router.get(
    '/api/rent-estimate/:wallet',
    validate(RentEstimateSchema),
    async (ctx: ValidatedContext<typeof RentEstimateSchema>) => {
      const { wallet } = ctx.state.input.params;
      let estimate: Awaited<ReturnType<typeof estimateRent>>;
      try {
        estimate = await estimateRent(rpc, wallet, connection, das);
      } catch (err) {
        throw upstreamFailure(err, { unavailable: RENT_ESTIMATE_UNAVAILABLE }) ?? err;
      }
      if (!estimate) throw appError(404, 'wallet_not_found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, data: toRentEstimateResponse(estimate) } satisfies RentEstimateResponse;
    },
  );
  return router;
}
