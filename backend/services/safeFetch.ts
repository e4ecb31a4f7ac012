// Fetches from addresses chosen by strangers (metadata URIs) without reaching this server's own network (issue 13):
// the host is resolved first and every address is checked at connect time (the lookup the socket uses), so a DNS
// name pointing at a private address, or one that changes between check and connect, is refused too. Loopback,
// private, link-local, unspecified, multicast, IPv4-mapped and NAT64 forms — anything ipaddr.js calls other than
// 'unicast' — are refused. Bounded in size and time; no redirects.
import dns from 'dns';
import https from 'https';
import type { LookupFunction } from 'net';
import ipaddr from 'ipaddr.js';

export class BlockedAddressError extends Error {
  name = 'BlockedAddressError';
}

/** True only for a public unicast address (IPv4, or IPv6 that is not a mapped/translated IPv4 form). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  return addr.range() === 'unicast';
}

const safeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error | null, a: string, f: number) => void)(err, '', 0);
    const list = addresses;
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0)
      return (callback as (e: Error | null, a: string, f: number) => void)(
        new BlockedAddressError(`blocked address for ${hostname}`),
        '',
        0,
      );
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
}

/** GET over https to a public address only; resolves with the body (and content type) or rejects. */
export function safeGet(uri: string, opts: SafeFetchOptions): Promise<{ body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return reject(new Error('not a URL'));
    }
    if (url.protocol !== 'https:' || url.username || url.password) return reject(new Error('only plain https URLs'));
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(literal) && !isPublicAddress(literal))
      return reject(new BlockedAddressError(`blocked address ${literal}`));
    const req = https.get(url, { lookup: safeLookup, timeout: opts.timeoutMs, headers: { accept: '*/*' } }, (res) => {
      if ((res.statusCode ?? 0) >= 300) {
        res.resume();
        return reject(new Error(`status ${res.statusCode}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
        res.destroy();
        return reject(new Error('too large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > opts.maxBytes) {
          res.destroy();
          reject(new Error('too large'));
        } else chunks.push(c);
      });
      res.on('end', () =>
        resolve({ body: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    setTimeout(() => req.destroy(new Error('timed out')), opts.timeoutMs).unref();
  });
}
