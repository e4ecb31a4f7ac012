import { LRUCache } from 'lru-cache';
import fs from 'fs/promises';
import path from 'path';
import { safeGet } from './safeFetch';

const IMAGE_EXT = /\.(png|jpe?g|gif|svg|webp|avif)(\?.*)?$/i;
const MAX_JSON_BYTES = 256 * 1024;
/** At most 2,000 addresses, the least recently used dropped first (npm lru-cache). */
const cache = new LRUCache<string, Promise<string | null>>({ max: 2000 });

/** The image an off-chain metadata URI points to, without touching the network. `undefined` = needs a fetch. */
export function imageWithoutFetch(uri: string | undefined): string | null | undefined {
  if (!uri) return null;
  if (IMAGE_EXT.test(uri) || uri.startsWith('data:image/')) return uri;
  return undefined;
}

/**
 * Reads the off-chain JSON of a metadata URI and answers its `image`. Only https URLs (and this server's own
 * /static files) are read: bounded size, 3 s time-out, cached. Failures answer null.
 */
export function resolveImage(uri: string | undefined, staticDir: string): Promise<string | null> {
  const direct = imageWithoutFetch(uri);
  if (direct !== undefined) return Promise.resolve(direct);
  const key = uri!;
  let hit = cache.get(key);
  if (!hit) {
    hit = readJson(key, staticDir).then(
      (j) => (typeof j?.image === 'string' && j.image ? j.image : null),
      () => null,
    );
    cache.set(key, hit);
  }
  return hit;
}

async function readJson(uri: string, staticDir: string): Promise<{ image?: unknown } | null> {
  const local = localStaticPath(uri, staticDir);
  if (local) return JSON.parse(await fs.readFile(local, 'utf8'));
  if (!isPublicHttps(uri)) return null;
  // Resolved first, every address checked at connect (services/image/safeFetch.ts): names pointing inside are refused.
  const { body } = await safeGet(uri, { maxBytes: MAX_JSON_BYTES, timeoutMs: 3000 });
  return JSON.parse(body.toString('utf8'));
}

/** `/static/x.json` or `http://localhost:PORT/static/x.json` → a file inside staticDir (never outside it). */
function localStaticPath(uri: string, staticDir: string): string | null {
  const m = /^(?:https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?)?\/static\/([^?#]+\.json)$/i.exec(uri);
  if (!m) return null;
  const file = path.resolve(staticDir, decodeURIComponent(m[1]));
  return file.startsWith(path.resolve(staticDir) + path.sep) ? file : null;
}

/** Metadata URIs are chosen by whoever minted the token: never let them point the server at its own network. */
function isPublicHttps(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return false;
  if (
    /^(0|10|127)\.|^169\.254\.|^172\.(1[6-9]|2\d|3[01])\.|^192\.168\.|^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./.test(
      host,
    )
  )
    return false;
  if (host.includes(':') && (host === '::1' || /^(fc|fd|fe80)/.test(host) || host.startsWith('::ffff:'))) return false;
  return true;
}
