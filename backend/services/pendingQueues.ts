// Queues not yet authorised live in memory only (RELIABILITY, "Hostile clients"): an anonymous `POST
// /api/queue/create` once wrote and fsynced a file that was never removed (967 MB in 18 s). A queue reaches the disk
// when its owner's signed authorisation arrives; until then it expires, and the memory it takes is bounded.
import { LRUCache } from 'lru-cache';
import type { QueueRecord } from './queueRecord';

/** How long an unauthorised queue waits for its owner's signature (a signed message itself lives 10 minutes). */
export const PENDING_QUEUE_TTL_MS = 10 * 60_000;
/** Unauthorised queues held at once by one process; the oldest is dropped first (≈ 100 kB each at most). */
export const MAX_PENDING_QUEUES = 1_000;

export class PendingQueues {
  // npm lru-cache: bounded and timed. Reads use `peek`, which leaves the order alone, so the oldest queue is the one
  // dropped when the bound is reached (a hostile client's many queues push out only their own kind, oldest first).
  private readonly held: LRUCache<string, QueueRecord>;

  constructor(now: () => number = Date.now) {
    this.held = new LRUCache<string, QueueRecord>({
      max: MAX_PENDING_QUEUES,
      ttl: PENDING_QUEUE_TTL_MS,
      perf: { now },
      ttlResolution: 0,
    });
  }

  put(record: QueueRecord): void {
    this.held.purgeStale();
    this.held.set(record.id, structuredClone(record));
  }

  /** A copy of the held queue, or null (unknown or expired). */
  get(id: string): QueueRecord | null {
    const record = this.held.peek(id);
    return record ? structuredClone(record) : null;
  }

  /** Replaces a held queue (an unauthorised cancel), keeping its expiry. */
  replace(record: QueueRecord): void {
    if (this.held.has(record.id)) this.held.set(record.id, structuredClone(record), { noUpdateTTL: true });
  }

  delete(id: string): void {
    this.held.delete(id);
  }

  get size(): number {
    return this.held.size;
  }
}
