// The queue this page created whose owner has not authorised it yet (the one wallet request was rejected, failed or
// cancelled). The page creates the queue before that request (its text names the queue), so a retry for the same
// owner and the same cNFTs reuses it rather than creating another: retries never use up the server's allowance of
// unauthorised queues per client (RELIABILITY, "Hostile clients": a few at a time, each kept 10 minutes).

/** Reused only well inside the server's 10 minutes (backend/services/queue/pendingQueues.ts PENDING_QUEUE_TTL_MS). */
export const REUSE_WITHIN_MS = 8 * 60_000;

let last: { key: string; queueId: string; createdAt: number } | null = null;
const keyOf = (owner: string, assetIds: readonly string[]) => `${owner}|${assetIds.join(',')}`;

export const unauthorisedQueue = {
  /** The queue created for exactly this owner and these cNFTs (same order) in the last few minutes, if any. */
  reusable(owner: string, assetIds: readonly string[], now = Date.now()): string | null {
    if (!last || last.key !== keyOf(owner, assetIds) || now - last.createdAt > REUSE_WITHIN_MS) return null;
    return last.queueId;
  },
  created(owner: string, assetIds: readonly string[], queueId: string, now = Date.now()): void {
    last = { key: keyOf(owner, assetIds), queueId, createdAt: now };
  },
  /** Authorised (or refused by the server, so possibly gone): never reused. */
  forget(): void {
    last = null;
  },
};
