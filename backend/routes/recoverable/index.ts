import Router from '@koa/router';
import type { RecoverableResponse } from '../../../src/common/api';
import type { Services } from '../../context';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { RECOVERY_SOURCES } from '../../../src/chain/recovery/registry';
import { scanRecoverable } from '../../services/recovery/scan';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';
import { RecoverableSchema } from './schema';

export const RECOVERABLE_UNAVAILABLE = 'Unable to check the wallet for more SOL';

/**
 * GET /api/recoverable/:wallet — the recovery sources (stake, program buffers, nonce accounts, lookup tables,
 * approvals) the wallet controls, each with its state and what it returns; per kind whether the provider answered.
 * `?scope=all`: every registered source (docs/PRODUCT.md#recover-everything).
 */
export function recoverableRoutes({ rpc, logger }: Services): Router {
  const router = new Router();
  router.get(
    '/api/recoverable/:wallet',
    validate(RecoverableSchema),
    async (ctx: ValidatedContext<typeof RecoverableSchema>) => {
      let scan: Awaited<ReturnType<typeof scanRecoverable>>;
      try {
        const { params, query } = ctx.state.input;
        scan = await scanRecoverable(rpc, params.wallet, logger, query.scope === 'all' ? RECOVERY_SOURCES : undefined);
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
