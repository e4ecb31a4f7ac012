// Whose word about the client we take (RELIABILITY, trust). TRUST_PROXY is off by default: X-Forwarded-For,
// -Host and -Proto are ignored and the peer is the client. With a hop count, that many proxies in front of us each
// appended one X-Forwarded-For entry; with an address list, only those peers' entries are read, right to left.
import { isIP } from 'net';
import type { IncomingMessage } from 'http';
import type { TrustProxy } from '../config';

const normalise = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip).trim();
const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
};

export function isLoopback(ip: string): boolean {
  const a = normalise(ip);
  return a === '::1' || a.startsWith('127.');
}

/** Is the direct peer a proxy whose X-Forwarded-* we read? */
export function peerIsTrusted(req: IncomingMessage, trust: TrustProxy): boolean {
  const peer = normalise(req.socket.remoteAddress ?? '');
  if (trust.kind === 'off') return false;
  if (trust.kind === 'hops') return trust.hops > 0;
  return trust.addresses.includes(peer);
}

/** The client's address: the peer, or (behind trusted proxies) the entry they vouch for. */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string {
  const peer = normalise(req.socket.remoteAddress ?? '');
  if (!peerIsTrusted(req, trust)) return peer || 'unknown';
  const chain = [...header(req, 'x-forwarded-for').split(',').map(normalise).filter(Boolean), peer];
  let client: string;
  if (trust.kind === 'hops') client = chain[Math.max(0, chain.length - 1 - trust.hops)];
  else {
    let i = chain.length - 1;
    while (i > 0 && trust.kind === 'addresses' && trust.addresses.includes(chain[i])) i--;
    client = chain[i];
  }
  return isIP(client) ? client : 'invalid-forwarded-for';
}

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Host and protocol the page was asked for; forwarded values only from a trusted proxy; odd hosts become localhost. */
export function publicOrigin(
  req: IncomingMessage,
  trust: TrustProxy,
  encrypted = false,
): { protocol: 'http' | 'https'; host: string } {
  const trusted = peerIsTrusted(req, trust);
  const first = (v: string) => v.split(',')[0].trim();
  const proto =
    trusted && header(req, 'x-forwarded-proto')
      ? first(header(req, 'x-forwarded-proto'))
      : encrypted
        ? 'https'
        : 'http';
  const host =
    trusted && header(req, 'x-forwarded-host') ? first(header(req, 'x-forwarded-host')) : header(req, 'host');
  return { protocol: proto === 'https' ? 'https' : 'http', host: SAFE_HOST.test(host) ? host : 'localhost' };
}
