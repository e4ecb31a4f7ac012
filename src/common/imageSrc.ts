// Where the page loads a picture from (PRODUCT difference 16): never from the picture's own host, which would learn
// the user's address and, from the page it is on, the wallet. Remote pictures go through this server's image proxy
// (GET /api/image, backend/routes/image); the CSP allows only `img-src 'self' data:`.

export const IMAGE_PROXY_PATH = '/api/image';

/**
 * The `src` to give an <img> for a picture URL found in asset data. '' = nothing we can show (the caller shows its
 * default picture): empty, or a scheme the proxy does not fetch (ipfs://, ar:// and the like have no gateway here).
 * - `data:image/…` as it is (inside an <img> even SVG cannot run script);
 * - a path on this server (`/static/…`), or a full URL of this origin, as a path;
 * - any other http(s) URL → `/api/image?url=…`.
 */
export function imageSrc(url: string | null | undefined, pageOrigin: string): string {
  const raw = (url ?? '').trim();
  if (!raw) return '';
  if (/^data:image\//i.test(raw)) return raw;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  let parsed: URL;
  try {
    parsed = new URL(raw.startsWith('//') ? `https:${raw}` : raw);
  } catch {
    return '';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return '';
  if (parsed.origin === pageOrigin) return parsed.pathname + parsed.search;
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(parsed.toString())}`;
}
