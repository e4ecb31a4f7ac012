// The second chain reader (PRODUCT difference 10; RELIABILITY, the second reader): a public RPC address the user
// chooses, kept in this browser, that the page reads beside this server to check what it is about to sign. The page
// may only reach it when the CSP allows it, and the CSP comes from this server: so the page also keeps the reader's
// origin (never its path, which may carry the user's key) in a cookie, and the server adds exactly that origin to
// `connect-src`. Shared by the page (which writes it) and the server (which reads it), so both accept the same forms.

/** localStorage key of the full address the page reads from. */
export const SECOND_READER_STORAGE_KEY = 'solback.secondReader';
/** Cookie holding only the address's origin, for the server's CSP. */
export const SECOND_READER_COOKIE = 'solback_second_reader';

/** An origin the CSP may name: https anywhere, http only on this machine (the local chain); lower case, no path. */
const ALLOWED_ORIGIN = /^(https:\/\/[a-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\]))(:\d{1,5})?$/;

/** The origin of a second reader address, or null when the page may not use it. */
export function secondReaderOrigin(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return ALLOWED_ORIGIN.test(url.origin) ? url.origin : null;
}

/** The origin a request's cookie names, if it is one the CSP may carry (anything else is ignored). */
export function secondReaderOriginFromCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SECOND_READER_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
    return ALLOWED_ORIGIN.test(value) ? value : null;
  }
  return null;
}
