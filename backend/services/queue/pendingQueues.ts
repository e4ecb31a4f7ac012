// Queues not yet authorised live in memory only (RELIABILITY, "Hostile clients"): an anonymous `POST
// /api/queue/create` once wrote and fsynced a file that was never removed (967 MB in 18 s). A queue reaches the disk
// when its owner's signed authorisation arrives; until then it expires, and the memory it takes is bounded. A full
// store refuses new queues and never drops a held one: 200 /64s × 5 creates once pushed out a victim's queue, whose
// valid authorisation then found nothing after its delegations had landed. Each client and prefix holds only a few
// (routes/queue, services/limits/prefixAllowance.ts), so filling the store takes many networks.
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors';
import type { QueueRecord } from './queueRecord';

/** How long an unauthorised queue waits for its owner's signature (a signed message itself lives 10 minutes). */
export const PENDING_QUEUE_TTL_MS = 10 * 60_000;
/** Unauthorised queues held at once by one process (≈ 100 kB each at most); past it, new ones are refused. */
export const MAX_PENDING_QUEUES = 1_000;

export class PendingQueues {
  // npm lru-cache: timed (each queue lapses PENDING_QUEUE_TTL_MS after create); `put` refuses before its bound
  // would drop one.
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
    if (!this.held.has(record.id) && this.held.size >= MAX_PENDING_QUEUES)
      throw new AppError(503, 'queues_waiting', undefined, true);
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
