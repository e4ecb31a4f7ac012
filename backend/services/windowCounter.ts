// Per-client counts in a sliding window, in memory, for limits that are not a request rate: unauthorised queues
// held, queues written, relayed transactions. A null client (the operator on loopback) is never counted.

const MAX_TRACKED_CLIENTS = 10_000;

export interface WindowCounter {
  /** Counts one use for `client` when under `limit` within the window and answers true; false (nothing counted) otherwise. */
  take(client: string | null): boolean;
  /** Gives one use back (a refusal after taking it). */
  giveBack(client: string | null): void;
}

export function windowCounter(limit: number, windowMs: number, now: () => number = Date.now): WindowCounter {
  const uses = new Map<string, number[]>();
  const live = (client: string) => {
    const t = now();
    const list = (uses.get(client) ?? []).filter((at) => at > t - windowMs);
    if (list.length) uses.set(client, list);
    else uses.delete(client);
    return list;
  };
  return {
    take(client) {
      if (client === null) return true;
      const list = live(client);
      if (list.length >= limit) return false;
      if (!uses.has(client) && uses.size >= MAX_TRACKED_CLIENTS) uses.delete(uses.keys().next().value!);
      uses.set(client, [...list, now()]);
      return true;
    },
    giveBack(client) {
      if (client === null) return;
      const list = live(client);
      list.pop();
      if (list.length) uses.set(client, list);
      else uses.delete(client);
    },
  };
}
