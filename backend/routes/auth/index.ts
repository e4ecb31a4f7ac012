import Router from '@koa/router';
import type { AuthNonceResponse } from '../../../src/common/api';
import { authTimes } from '../../../src/common/authMessage';
import { SIGNED_MESSAGE_TTL_MS } from '../../../src/common/constants';
import type { Services } from '../../context';
import { appError, AppError } from '../../errors';
import { clientAddress } from '../../middleware/rateLimit';
import { validate } from '../../middleware/validate';
import { AuthNonceSchema } from './schema';

/** A nonce is worth this many ordinary requests of the client's /api allowance (each one is kept until used or expired). */
export const NONCE_REQUEST_WEIGHT = 5;

/**
 * GET /api/auth/nonce — a server nonce for one signed authorisation (PRODUCT difference 11): usable once, within
 * SIGNED_MESSAGE_TTL_MS (10 minutes), through any server process sharing REDIS_URL. The answer also gives the
 * issued-at and expiry the message must carry, on the server's clock. Never shared between concurrent requests
 * (middleware/coalesce.ts) and never cached. A client (IPv4 address or IPv6 /64; the operator on loopback is exempt) holds at most
 * AUTH_NONCES_PER_CLIENT unused nonces: past that, 429 with Retry-After until one is used or expires
 * (services/auth/nonceStore.ts); a full store answers 503.
 */
export function authRoutes({ nonces, limits, config }: Services): Router {
  const router = new Router();
  router.get('/api/auth/nonce', validate(AuthNonceSchema), async (ctx) => {
    await limits.charge(ctx, 'api', NONCE_REQUEST_WEIGHT - 1); // the limiter middleware counted the first point
    const now = Date.now();
    const issued = await nonces.issue(SIGNED_MESSAGE_TTL_MS, clientAddress(ctx, config.trustProxy));
    if ('refused' in issued) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(issued.retryAfterMs / 1000))));
      if (issued.refused === 'full') throw new AppError(503, 'sign_ins_open', undefined, true);
      throw appError(429, 'sign_in_limit');
    }
    const { nonce } = issued;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, nonce, ...authTimes(now) } satisfies AuthNonceResponse;
  });
  return router;
}
