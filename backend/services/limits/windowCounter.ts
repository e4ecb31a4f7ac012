// Per-client counts in a sliding window, in memory, for limits that are not a request rate: unauthorised queues
// held, queues written. Each client's wider prefixes have their own count (services/limits/prefixAllowance.ts), so a few
// hundred /64s of one /48 cannot take what everyone shares. A null client (the operator on loopback) is never counted.
import { LRUCache } from 'lru-cache';
import { prefixLimits } from './prefixAllowance';

export const MAX_TRACKED_CLIENTS = 10_000;

export interface WindowCounter {
  /** Counts one use for `client` when it and its prefixes are under their limits within the window and answers true; false (nothing counted) otherwise. */
  take(client: string | null): boolean;
  /** Gives one use back (a refusal after taking it). */
  giveBack(client: string | null): void;
}

export function windowCounter(limit: number, windowMs: number, now: () => number = Date.now): WindowCounter {
  // npm lru-cache. Recency is what a window wants: the client used longest ago has the fewest uses still counted
  // (first sight would drop a busy client's count first), and an entry lapses a window after its last use.
  const uses = new LRUCache<string, number[]>({
    max: MAX_TRACKED_CLIENTS,
    ttl: windowMs,
    perf: { now },
    ttlResolution: 0,
  });
  const live = (key: string) => {
    const t = now();
    return (uses.peek(key) ?? []).filter((at) => at > t - windowMs);
  };
  return {
    take(client) {
      if (client === null) return true;
      const limits = prefixLimits(client, limit);
      if (limits.some((l) => live(l.key).length >= l.limit)) return false; // a refusal leaves the order alone
      for (const { key } of limits) uses.set(key, [...live(key), now()]);
      return true;
    },
    giveBack(client) {
      if (client === null) return;
      for (const { key } of prefixLimits(client, limit)) {
        const list = live(key);
        list.pop();
        if (list.length) uses.set(key, list, { noUpdateTTL: true });
        else uses.delete(key);
      }
    },
  };
}
