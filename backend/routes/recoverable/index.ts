import Router from '@koa/router';
import type { RecoverableResponse } from '../../../src/common/api';
import type { Services } from '../../context';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { scanRecoverable } from '../../services/recovery/scan';
import { upstreamFailure } from '../../services/upstreamFaults';
import { RecoverableSchema } from './schema';

export const RECOVERABLE_UNAVAILABLE = 'Unable to check the wallet for more SOL';

/**
 * GET /api/recoverable/:wallet — the recovery sources (stake, program buffers, nonce accounts, lookup tables,
 * approvals) the wallet controls, each with its state and what it returns; per kind whether the provider answered.
 */
export function recoverableRoutes({ rpc, logger }: Services): Router {
  const router = new Router();
  router.get(
    '/api/recoverable/:wallet',
    validate(RecoverableSchema),
    async (ctx: ValidatedContext<typeof RecoverableSchema>) => {
      let scan: Awaited<ReturnType<typeof scanRecoverable>>;
      try {
        scan = await scanRecoverable(rpc, ctx.state.input.params.wallet, logger);
      } catch (err) {
        // Only the shared epoch read can fail here: each scan's refusal is reported per kind instead.
        throw upstreamFailure(err, { unavailable: RECOVERABLE_UNAVAILABLE }) ?? err;
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, ...scan } satisfies RecoverableResponse;
    },
  );
  return router;
}
