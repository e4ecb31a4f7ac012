import Router from '@koa/router';
import type { Services } from '../../context';
import { NotFoundError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { estimateRent, toRentEstimateResponse } from '../../services/rentEstimate';
import { RentEstimateSchema } from './schema';

/**
 * GET /api/rent-estimate/:wallet — what burning everything and closing every vacant account would return.
 * The spec's amount fields are SOL (for display); each has an exact integer twin `<field>Lamports`.
 */
export function rentEstimateRoutes({ rpc, connection }: Services): Router {
  const router = new Router();
  router.get('/api/rent-estimate/:wallet', validate(RentEstimateSchema), async (ctx: ValidatedContext<typeof RentEstimateSchema>) => {
    const { wallet } = ctx.state.input.params;
    const estimate = await estimateRent(rpc, wallet, connection);
    if (!estimate) throw NotFoundError('Wallet address not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: toRentEstimateResponse(estimate) };
  });
  return router;
}
