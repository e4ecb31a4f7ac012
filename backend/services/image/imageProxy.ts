// The page shows every remote picture through this server (GET /api/image, PRODUCT difference 16), so a picture's host
// never learns who looks at it (the user's address, the wallet on screen) and the CSP can say `img-src 'self' data:`.
// Fetched under safeFetch's rules (resolved first, address checked at connect, http(s) only, size and time bounded,
// ≤ 3 redirects each checked anew); only an `image/*` answer is passed on; answers and failures are remembered.
import { appError, AppError } from '../../errors';
import { createKeyedTurns, createTurns } from '../limits/fetchTurns';
import { headVerdict, imageType } from './imageBytes';
import { prefixLimits } from '../limits/prefixAllowance';
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
  /** Fetches at once from one picture host (IMAGE_FETCHES_PER_HOST) and for one client (IMAGE_FETCHES_PER_CLIENT). */
  fetchesPerHost?: number;
  fetchesPerClient?: number;
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
export const IMAGE_FETCHES_PER_HOST = 4;
export const IMAGE_FETCHES_PER_CLIENT = 8;
/** Fetches waiting behind one host's or one client's own turns (each line bounded; beyond it, 503). */
const KEYED_WAITING = 64;

/**
 * The cache key of a picture's address: its fragment is never sent to the host, so `a.png#1` and `a.png#2` are one
 * picture, fetched once. An address that does not parse is its own key (the fetch refuses it).
 */
export function imageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

// The host without its port: one address answering on 38 ports once counted as 38 hosts, each with its own turns.
const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

export interface ImageProxy {
  /**
   * The picture at `url`, from memory or fetched; throws an AppError saying why not. `client` (the rate limits'
   * client address; null, the operator on this machine) has at most IMAGE_FETCHES_PER_CLIENT fetches of its own at once.
   */
  get(url: string, client?: string | null): Promise<CachedImage>;
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

  // One line for all fetches (memory), one per picture host (a hanging host holds at most its own few turns) and
  // one per client and per wider prefix (one network's many hanging hosts hold at most its own few,
  // services/limits/prefixAllowance.ts): RELIABILITY, pictures.
  const turns = createTurns(opts.fetchesAtOnce ?? IMAGE_FETCHES_AT_ONCE, opts.fetchesWaiting ?? IMAGE_FETCHES_WAITING);
  const hostTurns = createKeyedTurns(
    opts.fetchesPerHost ?? IMAGE_FETCHES_PER_HOST,
    KEYED_WAITING,
    'Too many pictures from this host are being fetched; try again',
  );
  const clientTurns = createKeyedTurns(
    opts.fetchesPerClient ?? IMAGE_FETCHES_PER_CLIENT,
    KEYED_WAITING,
    'Too many of your pictures are being fetched; try again',
  );
  const perClient = opts.fetchesPerClient ?? IMAGE_FETCHES_PER_CLIENT;
  const inTurn = (url: string, client: string | null, task: () => Promise<CachedImage>): Promise<CachedImage> => {
    const inHostTurn = () => hostTurns.run(hostOf(url), () => turns.run(task));
    if (client === null) return inHostTurn();
    // The client's turn, then its /56 (or /24) and its /48's: taken in that order by everyone, so none waits in a circle.
    return prefixLimits(client, perClient).reduceRight<() => Promise<CachedImage>>(
      (inner, { key, limit }) =>
        () =>
          clientTurns.run(key, inner, limit),
      inHostTurn,
    )();
  };

  // The type is judged from the headers before the body is read, and the body's first bytes as they arrive: a host
  // answering with something else is read no further than its first wrong byte (services/image/imageBytes.ts).
  const fetchImage = async (url: string): Promise<CachedImage> => {
    const { body, contentType } = await safeGet(url, {
      maxBytes: opts.maxBytes,
      timeoutMs: opts.timeoutMs,
      protocols: ['https:', 'http:'],
      maxRedirects: MAX_REDIRECTS,
      accept: 'image/*',
      acceptType: (type) => imageType(type) !== null,
      acceptHead: (type, head) => {
        const verdict = headVerdict(imageType(type)!, head);
        return verdict === 'undecided' ? undefined : verdict === 'picture';
      },
      testOnlyAllowedAddresses: opts.testOnlyAllowedAddresses,
    }).catch((err: unknown) => {
      throw asAppError(err);
    });
    return { body, contentType: imageType(contentType)! };
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
    get(url, client = null) {
      const key = imageKey(url);
      const known = cache.get(key);
      if (known) return known.ok ? Promise.resolve(known.image) : Promise.reject(known.error);
      let running = inflight.get(key);
      if (!running) {
        running = inTurn(key, client, () => fetchCounted(key)).then(
          (image) => {
            cache.set(key, { ok: true, image });
            return image;
          },
          (err: AppError) => {
            // A full line (503) says nothing about the picture: asked again, it is fetched.
            if (err.status !== 503) cache.set(key, { ok: false, error: err });
            throw err;
          },
        );
        const settle = () => inflight.delete(key);
        running.then(settle, settle);
        inflight.set(key, running);
      }
      return running;
    },
  };
}

function asAppError(err: unknown): AppError {
  if (err instanceof BlockedAddressError) return appError(403, 'image_not_public');
  if (err instanceof SafeFetchError) {
    if (err.kind === 'url') return appError(400, 'image_not_http');
    if (err.kind === 'too-large') return appError(413, 'image_too_large');
    if (err.kind === 'timeout') return appError(504, 'image_timeout');
    if (err.kind === 'type' || err.kind === 'content') return appError(415, 'not_an_image');
  }
  return new AppError(502, 'image_unavailable', undefined, true);
}
