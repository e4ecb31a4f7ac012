// Fetches from addresses chosen by strangers (metadata URIs, NFT images) without reaching this server's own network
// (RELIABILITY, trust): the host is resolved first and every address is checked at connect time (the lookup the socket uses),
// so a DNS name pointing at a private address, or one that changes between check and connect, is refused too.
// Loopback, private, link-local, unspecified, multicast, IPv4-mapped and NAT64 forms — anything ipaddr.js calls other
// than 'unicast' — are refused. Bounded in size and time; redirects only when asked, each hop checked from scratch.
import dns from 'dns';
import http from 'http';
import https from 'https';
import type { LookupFunction } from 'net';
import ipaddr from 'ipaddr.js';

export class BlockedAddressError extends Error {
  name = 'BlockedAddressError';
}

/** Why a fetch failed, for callers that answer differently (the image proxy: 400, 413, 502, 504). */
export class SafeFetchError extends Error {
  name = 'SafeFetchError';
  constructor(
    readonly kind: 'url' | 'status' | 'too-large' | 'timeout' | 'type' | 'content',
    message: string,
  ) {
    super(message);
  }
}

/** True only for a public unicast address (IPv4, or IPv6 that is not a mapped/translated IPv4 form). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  // IPv4-compatible IPv6 (`::127.0.0.1`, the deprecated ::/96) is called unicast by ipaddr.js but reaches the IPv4.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return addr.range() === 'unicast';
}

type Allowed = (ip: string) => boolean;
function checkingLookup(allowed: Allowed): LookupFunction {
  return (hostname, options, cb) => {
    dns.lookup(hostname, { all: true }, (err, list) => {
      if (err) return cb(err, '', 0);
      if (list.length === 0 || list.some((a) => !allowed(a.address)))
        return cb(new BlockedAddressError(`blocked address for ${hostname}`), '', 0);
      if ((options as { all?: boolean }).all) return cb(null, list);
      cb(null, list[0].address, list[0].family);
    });
  };
}

export interface SafeFetchOptions {
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Schemes allowed (default https only, as for metadata JSON; the image proxy allows http too). */
  protocols?: readonly ('https:' | 'http:')[];
  /** Redirects followed (default 0); every hop is checked again as a new URL. */
  maxRedirects?: number;
  accept?: string;
  /** Judged on the final answer's headers before its body is read: false refuses it ('type') unread. */
  acceptType?: (contentType: string) => boolean;
  /**
   * Judged on the body's first bytes as they arrive: false refuses it ('content') and stops reading at once, true
   * accepts the rest, undefined asks for more (at the end of the body, undefined refuses).
   */
  acceptHead?: (contentType: string, head: Buffer) => boolean | undefined;
  /**
   * TESTS ONLY: exact addresses that may be reached although they are not public (a test's own server on
   * 127.0.0.1). No setting reads it; only tests pass it (Config.testOnlyFetchAddresses).
   */
  testOnlyAllowedAddresses?: readonly string[];
}

export interface SafeFetchResult {
  body: Buffer;
  contentType: string;
}

/** GET to a public address only; resolves with the body (and content type) or rejects. */
export function safeGet(uri: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const extra = new Set(opts.testOnlyAllowedAddresses ?? []);
  const allowed: Allowed = (ip) => isPublicAddress(ip) || extra.has(ip);
  return getWithin(uri, opts, allowed, Date.now() + opts.timeoutMs, opts.maxRedirects ?? 0);
}

function getWithin(
  uri: string,
  opts: SafeFetchOptions,
  allowed: Allowed,
  deadline: number,
  redirectsLeft: number,
): Promise<SafeFetchResult> {
  return new Promise((resolve, reject) => {
    const protocols = opts.protocols ?? ['https:'];
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return reject(new SafeFetchError('url', 'not a URL'));
    }
    if (!(protocols as readonly string[]).includes(url.protocol) || url.username || url.password)
      return reject(new SafeFetchError('url', `only plain ${protocols.join('/')} URLs`));
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(literal) && !allowed(literal))
      return reject(new BlockedAddressError(`blocked address ${literal}`));
    const left = deadline - Date.now();
    if (left <= 0) return reject(new SafeFetchError('timeout', 'timed out'));
    const get = url.protocol === 'http:' ? http.get : https.get;
    // Some hosts refuse requests without a User-Agent; no Accept-Encoding, so bodies come uncompressed.
    const headers = { accept: opts.accept ?? '*/*', 'user-agent': 'SolBack' };
    const req = get(url, { lookup: checkingLookup(allowed), timeout: left, headers }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && redirectsLeft > 0) {
        res.resume();
        clearTimeout(timer);
        const next = new URL(location, url).toString();
        getWithin(next, opts, allowed, deadline, redirectsLeft - 1).then(resolve, reject);
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(new SafeFetchError('status', `status ${status}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
        res.destroy();
        return reject(new SafeFetchError('too-large', 'too large'));
      }
      const contentType = String(res.headers['content-type'] ?? '');
      if (opts.acceptType && !opts.acceptType(contentType)) {
        res.destroy();
        return reject(new SafeFetchError('type', `content type ${contentType}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let headAccepted = !opts.acceptHead;
      const stop = (error: SafeFetchError) => {
        clearTimeout(timer);
        res.destroy();
        reject(error);
      };
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > opts.maxBytes) return stop(new SafeFetchError('too-large', 'too large'));
        chunks.push(c);
        if (headAccepted) return;
        const verdict = opts.acceptHead!(contentType, Buffer.concat(chunks));
        if (verdict === false) stop(new SafeFetchError('content', 'the body does not begin as its type does'));
        else headAccepted = verdict === true;
      });
      res.on('end', () => {
        clearTimeout(timer);
        if (!headAccepted) return reject(new SafeFetchError('content', 'the body ended before its type showed'));
        resolve({ body: Buffer.concat(chunks), contentType });
      });
      res.on('error', reject);
    });
    const timedOut = () => req.destroy(new SafeFetchError('timeout', 'timed out'));
    req.on('timeout', timedOut);
    req.on('error', reject);
    const timer = setTimeout(timedOut, left);
    timer.unref();
  });
}
