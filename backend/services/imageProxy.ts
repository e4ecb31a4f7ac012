// The page shows every remote picture through this server (GET /api/image, PRODUCT difference 16), so a picture's host
// never learns who looks at it (the user's address, the wallet on screen) and the CSP can say `img-src 'self' data:`.
// Fetched under safeFetch's rules (resolved first, address checked at connect, http(s) only, size and time bounded,
// ≤ 3 redirects each checked anew); only an `image/*` answer is passed on; answers and failures are remembered.
import { AppError, ForbiddenError, ServiceUnavailableError, ValidationError } from '../errors';
import { ImageCache, type CachedImage } from './imageCache';
import { BlockedAddressError, SafeFetchError, safeGet } from './safeFetch';

export interface ImageProxyOptions {
  maxBytes: number;
  timeoutMs: number;
  cacheBytes: number;
  /** TESTS ONLY: addresses the proxy may reach though not public (Config.testOnlyFetchAddresses). */
  testOnlyAllowedAddresses?: readonly string[];
  /** Fetches at once (default IMAGE_FETCHES_AT_ONCE) and fetches waiting for a turn (IMAGE_FETCHES_WAITING). */
  fetchesAtOnce?: number;
  fetchesWaiting?: number;
  /** Told of each fetch from a picture's host: 'ok' or the refusal's code, and the bytes received (metrics). */
  onFetch?: (outcome: string, bytes: number) => void;
}

export const IMAGE_CACHE_ENTRIES = 2000;
export const IMAGE_CACHE_TTL_MS = 60 * 60_000;
export const IMAGE_FAILURE_TTL_MS = 60_000;
export const IMAGE_MAX_URL_LENGTH = 2048;
const MAX_REDIRECTS = 3;
/** Bounds the memory pictures in flight can take (16 × IMAGE_MAX_BYTES) whoever asks; beyond the queue, 503. */
export const IMAGE_FETCHES_AT_ONCE = 16;
export const IMAGE_FETCHES_WAITING = 256;

/** `image/png; charset=x` → `image/png`; anything that is not a plain image type → null. */
export function imageType(contentType: string): string | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return /^image\/[a-z0-9][a-z0-9.+-]*$/.test(type) ? type : null;
}

export interface ImageProxy {
  /** The picture at `url`, from memory or fetched; throws an AppError saying why not. */
  get(url: string): Promise<CachedImage>;
  cache: ImageCache;
}

export function createImageProxy(opts: ImageProxyOptions): ImageProxy {
  const cache = new ImageCache({
    maxEntries: IMAGE_CACHE_ENTRIES,
    maxBytes: opts.cacheBytes,
    ttlMs: IMAGE_CACHE_TTL_MS,
    failureTtlMs: IMAGE_FAILURE_TTL_MS,
  });
  // Many cards asking for one picture at once wait for one fetch.
  const inflight = new Map<string, Promise<CachedImage>>();

  const turns = createTurns(opts.fetchesAtOnce ?? IMAGE_FETCHES_AT_ONCE, opts.fetchesWaiting ?? IMAGE_FETCHES_WAITING);

  const fetchImage = async (url: string): Promise<CachedImage> => {
    const { body, contentType } = await turns.run(() =>
      safeGet(url, {
        maxBytes: opts.maxBytes,
        timeoutMs: opts.timeoutMs,
        protocols: ['https:', 'http:'],
        maxRedirects: MAX_REDIRECTS,
        accept: 'image/*',
        testOnlyAllowedAddresses: opts.testOnlyAllowedAddresses,
      }).catch((err: unknown) => {
        throw asAppError(err);
      }),
    );
    const type = imageType(contentType);
    if (!type) throw new AppError(415, 'not_an_image', 'The address does not answer with an image');
    return { body, contentType: type };
  };
  const fetchCounted = (url: string): Promise<CachedImage> =>
    fetchImage(url).then(
      (image) => {
        opts.onFetch?.('ok', image.body.length);
        return image;
      },
      (err: AppError) => {
        opts.onFetch?.(err.id, 0);
        throw err;
      },
    );

  return {
    cache,
    get(url) {
      const known = cache.get(url);
      if (known) return known.ok ? Promise.resolve(known.image) : Promise.reject(known.error);
      let running = inflight.get(url);
      if (!running) {
        running = fetchCounted(url).then(
          (image) => {
            cache.set(url, { ok: true, image });
            return image;
          },
          (err: AppError) => {
            // A full queue (503) says nothing about the picture: asked again, it is fetched.
            if (err.status !== 503) cache.set(url, { ok: false, error: err });
            throw err;
          },
        );
        const settle = () => inflight.delete(url);
        running.then(settle, settle);
        inflight.set(url, running);
      }
      return running;
    },
  };
}

/** At most `atOnce` tasks run; up to `waiting` more wait their turn in order; any further one is refused (503). */
function createTurns(atOnce: number, waiting: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    running--;
    queue.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= atOnce) {
        if (queue.length >= waiting) throw ServiceUnavailableError('Too many pictures are being fetched; try again');
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      running++;
      try {
        return await task();
      } finally {
        next();
      }
    },
  };
}

function asAppError(err: unknown): AppError {
  if (err instanceof BlockedAddressError) return ForbiddenError('The image address is not a public one');
  if (err instanceof SafeFetchError) {
    if (err.kind === 'url') return ValidationError('Only http(s) image addresses can be shown');
    if (err.kind === 'too-large') return new AppError(413, 'image_too_large', 'The image is too large');
    if (err.kind === 'timeout') return new AppError(504, 'image_timeout', 'The image host did not answer in time');
  }
  return new AppError(502, 'image_unavailable', 'The image could not be fetched', true);
}
