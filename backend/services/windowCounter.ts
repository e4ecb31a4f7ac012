// Per-client counts in a sliding window, in memory, for limits that are not a request rate: unauthorised queues
// held, queues written, relayed transactions. A null client (the operator on loopback) is never counted.
import { LRUCache } from 'lru-cache';

export const MAX_TRACKED_CLIENTS = 10_000;

export interface WindowCounter {
  /** Counts one use for `client` when under `limit` within the window and answers true; false (nothing counted) otherwise. */
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
  const live = (client: string) => {
    const t = now();
    return (uses.peek(client) ?? []).filter((at) => at > t - windowMs);
  };
  return {
    take(client) {
      if (client === null) return true;
      const list = live(client);
      if (list.length >= limit) return false; // a refusal leaves the order alone
      uses.set(client, [...list, now()]);
      return true;
    },
    giveBack(client) {
      if (client === null) return;
      const list = live(client);
      list.pop();
      if (list.length) uses.set(client, list, { noUpdateTTL: true });
      else uses.delete(client);
    },
  };
}
