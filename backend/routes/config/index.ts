import Router from '@koa/router';
import type { Services } from '../../context';
import { publicOrigin } from '../../middleware/proxyTrust';
import { validate } from '../../middleware/validate';
import type { ConfigResponse } from '../../../src/common/api';

/** GET /api/config — public settings only: the RPC URL is always this server's proxy, never the upstream one. */
export function configRoutes({ config, delegate }: Services): Router {
  const router = new Router();
  router.get('/api/config', validate({}), (ctx) => {
    const origin = publicOrigin(ctx.req, config.trustProxy);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      // This server's own origin; X-Forwarded-Host/Proto count only from a TRUST_PROXY peer.
      quicknodeRpcUrl: `${origin.protocol}://${origin.host}/api/rpc`,
      ...(config.solscanApiKey ? { solscanApiKey: config.solscanApiKey } : {}),
      localnet: config.mode === 'local',
      trashWallet: config.trashWallet,
      feeWallet: config.feeWallet,
      delegate: delegate?.publicKey.toBase58() ?? null,
      publicSecondReader: config.publicSecondReader ?? null,
    } satisfies ConfigResponse;
  });
  return router;
}
