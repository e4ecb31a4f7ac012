import Router from '@koa/router';
import type { AuthNonceResponse } from '../../../src/common/api';
import { authTimes } from '../../../src/common/authMessage';
import { SIGNED_MESSAGE_TTL_MS } from '../../../src/common/constants';
import type { Services } from '../../context';
import { validate } from '../../middleware/validate';
import { AuthNonceSchema } from './schema';

/** A nonce is worth this many ordinary requests of the client's /api allowance (each one is kept until used or expired). */
export const NONCE_REQUEST_WEIGHT = 5;

/**
 * GET /api/auth/nonce — a server nonce for one signed authorisation (PRODUCT difference 11): usable once, within
 * SIGNED_MESSAGE_TTL_MS (10 minutes), through any server process sharing REDIS_URL. The answer also gives the
 * issued-at and expiry the message must carry, on the server's clock. Never shared between concurrent requests
 * (middleware/coalesce.ts) and never cached.
 */
export function authRoutes({ nonces, limits }: Services): Router {
  const router = new Router();
  router.get('/api/auth/nonce', validate(AuthNonceSchema), async (ctx) => {
    await limits.charge(ctx, 'api', NONCE_REQUEST_WEIGHT - 1); // the limiter middleware counted the first point
    const now = Date.now();
    const nonce = await nonces.issue(SIGNED_MESSAGE_TTL_MS);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, nonce, ...authTimes(now) } satisfies AuthNonceResponse;
  });
  return router;
}
