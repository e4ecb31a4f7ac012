// Per-prefix allowances for every shared pool (RELIABILITY, "Hostile clients": prefixes): sign-in nonces,
// unauthorised queues, the relayer's daily allowance, picture fetches and websockets. A client (an IPv4 address or
// an IPv6 /64, middleware/rateLimit.ts clientKey) has its own allowance, and so does each wider prefix it is in:
// IPv4 /24; IPv6 /56 (one subscriber's usual delegation) and /48 (one site). A wider prefix may hold a few
// clients' worth, never more: 3,315 /64s of one /48 once filled the whole nonce store and locked out every sign-in.
import ipaddr from 'ipaddr.js';

/** How many clients' allowance each wider prefix holds: enough for a household or an office behind one prefix. */
export const PREFIX_SHARES = { v4_24: 4, v6_56: 2, v6_48: 4 } as const;

/** One prefix a client counts in, and how many of a pool it may hold. */
export interface PrefixLimit {
  key: string;
  limit: number;
}

/**
 * The prefixes `client` counts in (itself first: an IPv4 address, an IPv6 /64, as rateLimit.ts clientKey names it)
 * and their limits, for a pool allowing `perClient` to one client. `client` is a client key or an address; anything
 * else ('unknown', 'invalid-forwarded-for') is only itself.
 */
export function prefixLimits(client: string, perClient: number): PrefixLimit[] {
  const address = client.replace(/\/64$/, '');
  if (!ipaddr.isValid(address)) return [{ key: client, limit: perClient }];
  const addr = ipaddr.process(address);
  const network = (bits: number, share: number) => ({ key: networkKey(addr, bits), limit: perClient * share });
  if (addr.kind() === 'ipv4') return [{ key: addr.toString(), limit: perClient }, network(24, PREFIX_SHARES.v4_24)];
  return [network(64, 1), network(56, PREFIX_SHARES.v6_56), network(48, PREFIX_SHARES.v6_48)];
}

function networkKey(addr: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  if (addr.kind() === 'ipv4') {
    const [a, b, c] = (addr as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/${bits}`;
  }
  const parts = (addr as ipaddr.IPv6).parts.slice();
  const words = bits / 16;
  const whole = Math.floor(words);
  for (let i = whole; i < 8; i++) parts[i] = i === whole && words > whole ? parts[i] & 0xff00 : 0;
  return `${new ipaddr.IPv6(parts).toString()}/${bits}`;
}

/**
 * Counts held now per client and per prefix (sockets open, fetches under way, queues waiting): taken when every
 * prefix has room, given back when done. An entry goes when its count is 0, so memory follows what is held.
 */
export class PrefixCounts {
  private readonly held = new Map<string, number>();

  constructor(private readonly perClient: number) {}

  /** Counts one for `client` in each of its prefixes and answers true, or false (nothing counted) when one is full. */
  take(client: string | null): boolean {
    if (client === null) return true;
    const limits = prefixLimits(client, this.perClient);
    if (limits.some(({ key, limit }) => (this.held.get(key) ?? 0) >= limit)) return false;
    for (const { key } of limits) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return true;
  }

  giveBack(client: string | null): void {
    if (client === null) return;
    for (const { key } of prefixLimits(client, this.perClient)) {
      const n = (this.held.get(key) ?? 0) - 1;
      if (n > 0) this.held.set(key, n);
      else this.held.delete(key);
    }
  }
}
