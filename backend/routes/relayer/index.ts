import Router from '@koa/router';
import type { RelayerStatusResponse } from '../../../src/common/api';
import type { Services } from '../../context';
import { validate } from '../../middleware/validate';
import { RelayerStatusSchema } from './schema';

/**
 * GET /api/relayer — whether this server can pay the network fee for a wallet with no SOL (PRODUCT difference 15), and the
 * relayer's address (the page's guard accepts it as fee payer only with an exact repayment). Says plainly why not.
 */
export function relayerRoutes({ relayer, logger }: Services): Router {
  const router = new Router();
  router.get('/api/relayer', validate(RelayerStatusSchema), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!relayer) {
      ctx.body = {
        success: true,
        available: false,
        address: null,
        reason: 'this server has no relayer key (RELAYER_KEYPAIR).',
      } satisfies RelayerStatusResponse;
      return;
    }
    const { balanceLamports, ...status } = await relayer.status();
    // Watched: an operator sees in the log when the relayer runs dry (the page says so to the user).
    if (!status.available)
      logger.warn({ relayer: relayer.address, balanceLamports, reason: status.reason }, 'fee relayer unavailable');
    ctx.body = { success: true, ...status } satisfies RelayerStatusResponse;
  });
  return router;
}
