// Queues not yet authorised live in memory only (RELIABILITY, "Hostile clients"): an anonymous `POST
// /api/queue/create` once wrote and fsynced a file that was never removed (967 MB in 18 s). A queue reaches the disk
// when its owner's signed authorisation arrives; until then it expires, and the memory it takes is bounded.
import type { QueueRecord } from './queueStore';

/** How long an unauthorised queue waits for its owner's signature (a signed message itself lives 10 minutes). */
export const PENDING_QUEUE_TTL_MS = 10 * 60_000;
/** Unauthorised queues held at once by one process; the oldest is dropped first (≈ 100 kB each at most). */
export const MAX_PENDING_QUEUES = 1_000;

export class PendingQueues {
  private readonly held = new Map<string, { record: QueueRecord; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  put(record: QueueRecord): void {
    this.sweep();
    if (this.held.size >= MAX_PENDING_QUEUES) this.held.delete(this.held.keys().next().value!);
    this.held.set(record.id, { record: structuredClone(record), expiresAt: this.now() + PENDING_QUEUE_TTL_MS });
  }

  /** A copy of the held queue, or null (unknown or expired). */
  get(id: string): QueueRecord | null {
    const entry = this.held.get(id);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.held.delete(id);
      return null;
    }
    return structuredClone(entry.record);
  }

  /** Replaces a held queue (an unauthorised cancel), keeping its expiry. */
  replace(record: QueueRecord): void {
    const entry = this.held.get(record.id);
    if (entry) entry.record = structuredClone(record);
  }

  delete(id: string): void {
    this.held.delete(id);
  }

  get size(): number {
    return this.held.size;
  }

  private sweep(): void {
    const t = this.now();
    for (const [id, e] of this.held) if (e.expiresAt <= t) this.held.delete(id);
  }
}
