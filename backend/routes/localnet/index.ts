import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Services } from '../../context';
import { appError } from '../../errors';
import { isLoopback } from '../../middleware/proxyTrust';

/** One funding counts as this many /api requests: at the default 600 a minute, 20 fundings a minute per client. */
export const FUND_WEIGHT = 30;
import { validate, type ValidatedContext } from '../../middleware/validate';
import { FaultsSchema, FundSchema } from './schema';
import type { ApiResult, LocalnetFundResponse } from '../../../src/common/api';

/** Local chain only: funding a wallet with demo assets, and fault hooks for tests. 404 in upstream mode. */
export function localnetRoutes({ localnet, config, limits }: Services): Router {
  const router = new Router({ prefix: '/api/localnet' });
  const requireLocal: Middleware = async (_ctx, next) => {
    if (!localnet) throw appError(404, 'no_local_chain');
    await next();
  };
  // RELIABILITY, trust: the fault hooks exist only with LOCALNET_FAULTS=1 (tests) and only for this machine (the socket's
  // own peer, never a forwarded address); to anyone else they are an unknown endpoint.
  const requireFaultHooks: Middleware = async (ctx, next) => {
    if (!config.localnetFaults || !isLoopback(ctx.req.socket.remoteAddress ?? ''))
      throw appError(404, 'no_such_endpoint', `POST ${ctx.path}`);
    await next();
  };

  router.post('/fund', requireLocal, validate(FundSchema), async (ctx: ValidatedContext<typeof FundSchema>) => {
    const { owner, profile } = ctx.state.input.body;
    // 'large' (seconds of work, 1,200 accounts) only for this machine; a demo funding weighs FUND_WEIGHT requests.
    if (profile === 'large' && !isLoopback(ctx.req.socket.remoteAddress ?? ''))
      throw appError(403, 'large_profile_local_only');
    await limits.charge(ctx, 'api', FUND_WEIGHT - 1);
    const manifest = await localnet!.fund(owner, profile ?? 'demo');
    ctx.body = { success: true, manifest } satisfies LocalnetFundResponse;
  });

  router.post(
    '/faults',
    requireFaultHooks,
    requireLocal,
    validate(FaultsSchema),
    (ctx: ValidatedContext<typeof FaultsSchema>) => {
      const { expireBlockhash, failNextSends, delayConfirmations } = ctx.state.input.body;
      if (expireBlockhash) localnet!.faults.expireBlockhash();
      if (failNextSends) localnet!.faults.failNextSends(failNextSends.n, failNextSends.kind);
      if (delayConfirmations) localnet!.faults.delayConfirmations(delayConfirmations.ms);
      ctx.body = { success: true } satisfies ApiResult;
    },
  );
  return router;
}
