import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Services } from '../../context';
import { NotFoundError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { FaultsSchema, FundSchema } from './schema';
import type { ApiResult, LocalnetFundResponse } from '../../../src/common/api';

/** Local chain only: funding a wallet with demo assets, and fault hooks for tests. 404 in upstream mode. */
export function localnetRoutes({ localnet }: Services): Router {
  const router = new Router({ prefix: '/api/localnet' });
  const requireLocal: Middleware = async (_ctx, next) => {
    if (!localnet) throw NotFoundError('The local chain is not running: this server uses an upstream RPC.');
    await next();
  };

  router.post('/fund', requireLocal, validate(FundSchema), async (ctx: ValidatedContext<typeof FundSchema>) => {
    const { owner, profile } = ctx.state.input.body;
    const manifest = await localnet!.fund(owner, profile ?? 'demo');
    ctx.body = { success: true, manifest } satisfies LocalnetFundResponse;
  });

  router.post('/faults', requireLocal, validate(FaultsSchema), (ctx: ValidatedContext<typeof FaultsSchema>) => {
    const { expireBlockhash, failNextSends, delayConfirmations } = ctx.state.input.body;
    if (expireBlockhash) localnet!.faults.expireBlockhash();
    if (failNextSends) localnet!.faults.failNextSends(failNextSends.n, failNextSends.kind);
    if (delayConfirmations) localnet!.faults.delayConfirmations(delayConfirmations.ms);
    ctx.body = { success: true } satisfies ApiResult;
  });
  return router;
}
