import Router from '@koa/router';
import type { Services } from '../../context';
import { clientAddress } from '../../middleware/rateLimit';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { createImageProxy } from '../../services/image/imageProxy';
import { ImageSchema } from './schema';

/**
 * What a proxied picture may do when opened on its own: nothing. SVG can carry script; inside an <img> it never
 * runs, and opened as a page this policy (no script source, a sandbox with an opaque origin) keeps it inert, so SVG
 * pictures are served rather than refused (PRODUCT difference 16).
 */
export const IMAGE_RESPONSE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";
/** Browsers may keep a picture as long as this server does (services/image/imageProxy.ts IMAGE_CACHE_TTL_MS). */
export const IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /api/image?url=<http(s) URL> — a remote NFT or token picture, fetched by this server so the page never
 * contacts the picture's host (PRODUCT difference 16). Refusals: 400 not http(s), 403 a non-public address, 413 over
 * IMAGE_MAX_BYTES, 415 not a picture (services/image/imageBytes.ts), 502 unreachable, 504 slower than IMAGE_TIMEOUT_MS. Limited per client by
 * IMAGE_RATE_LIMIT_PER_MINUTE (middleware/rateLimit.ts, kind 'image').
 */
export function imageRoutes({ config, metrics }: Services): Router {
  const proxy = createImageProxy({
    maxBytes: config.imageMaxBytes,
    timeoutMs: config.imageTimeoutMs,
    cacheBytes: config.imageCacheBytes,
    testOnlyAllowedAddresses: config.testOnlyFetchAddresses,
    fetchesPerHost: config.imageFetchesPerHost,
    fetchesPerClient: config.imageFetchesPerClient,
    onFetch: (outcome, bytes) => metrics.imageFetch(outcome, bytes),
  });
  const router = new Router();
  router.get('/api/image', validate(ImageSchema), async (ctx: ValidatedContext<typeof ImageSchema>) => {
    const image = await proxy.get(ctx.state.input.query.url, clientAddress(ctx, config.trustProxy));
    ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
    ctx.set('Content-Security-Policy', IMAGE_RESPONSE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', 'inline; filename="image"');
    ctx.type = image.contentType;
    ctx.body = image.body satisfies Buffer; // the picture's bytes, not JSON
  });
  return router;
}
