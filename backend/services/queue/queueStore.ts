// Persistence of transfer queues behind one contract with two implementations: this file store (the default, one
// process per DATA_DIR) writes one JSON file per queue under <DATA_DIR>/queues, atomically (temp + rename);
// redisQueueStore.ts (REDIS_URL) lets any number of processes share the queues. Both pass
// __tests__/backend/queueStoreContract.test.ts.
import fs from 'fs';
import path from 'path';
import { AppError } from '../../errors';
import { PendingQueues } from './pendingQueues';
import { MemoryLeases } from './queueLeases';

import type { QueueItemState, QueueRecord } from './queueRecord';
import { CNFT_ERRORS } from '../../../src/common/texts';

export type { QueueItem, QueueItemState, QueueRecord } from './queueRecord';

export interface UpdateOptions {
  /** Write only while this worker holds the queue's lease; otherwise throw LeaseLostError and write nothing. */
  lease?: string;
}

/** A worker's write refused because its lease on the queue expired (another worker may be settling it now). */
export class LeaseLostError extends Error {
  constructor(queueId: string) {
    super(`lease on queue ${queueId} lost`);
    this.name = 'LeaseLostError';
  }
}

export interface QueueStore {
  /** True when other processes may use the same queues (the worker then also polls for work authorised elsewhere). */
  readonly shared: boolean;
  create(record: QueueRecord): Promise<void>;
  get(id: string): Promise<QueueRecord | null>;
  /** Read-modify-write of one queue; the mutation runs on a fresh copy and its result is persisted before returning. */
  update(id: string, mutate: (q: QueueRecord) => void, opts?: UpdateOptions): Promise<QueueRecord>;
  /** Authorised queues with work left: pending items (unless cancelled) or items whose send is unresolved. */
  listActive(): Promise<QueueRecord[]>;
  /**
   * Takes (or, for its holder, renews) the lease on one queue for ttlMs. False while another worker holds an unexpired
   * lease. A worker that dies stops renewing, so its lease expires and another worker takes the queue over.
   */
  claim(id: string, worker: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up (only its holder can). */
  release(id: string, worker: string): Promise<void>;
  close?(): Promise<void>;
}

/** Work left: authorised, and an unresolved send or (unless cancelled) a pending item. */
export function isActiveQueue(q: QueueRecord): boolean {
  if (!q.authorizedAt) return false;
  const sending = q.items.some((i) => i.state === 'sending');
  const pending = !q.cancelledAt && q.items.some((i) => i.state === 'pending');
  return sending || pending;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Finished queues (nothing left to send) stay readable this long for their owner's status, then are removed. */
export const FINISHED_QUEUE_RETENTION_MS = 24 * 3600_000;
/** Queue files kept at most; the largest possible file is ≈ 270 kB (100 items, capped fields, a transaction each), so ≈ 540 MB in all. */
export const MAX_STORED_QUEUES = 2_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export class FileQueueStore implements QueueStore {
  readonly shared = false;
  private readonly dir: string;
  private chain: Promise<unknown> = Promise.resolve();
  // One process owns a DATA_DIR, so its leases only need to exclude this process's own workers.
  private readonly leases = new MemoryLeases();
  private readonly pending: PendingQueues;
  /** Every queue file's state, read once at start and kept current by each write: no pass reads every file. */
  private readonly index = new Map<string, { active: boolean; changedAt: number }>();
  private readonly pruner: NodeJS.Timeout;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = path.join(dataDir, 'queues');
    this.pending = new PendingQueues(now);
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const q = this.read(name.slice(0, -5));
        if (q) this.index.set(q.id, { active: isActiveQueue(q), changedAt: lastChange(q) });
      } catch {
        // an unreadable file is left where it is and never listed
      }
    }
    this.prune();
    this.pruner = setInterval(() => void this.serial(() => this.prune()), PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  private file(id: string): string {
    if (!ID.test(id)) throw new Error('invalid queue id');
    return path.join(this.dir, `${id}.json`);
  }

  private write(record: QueueRecord): void {
    const target = this.file(record.id);
    const tmp = `${target}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(record));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, target);
    this.index.set(record.id, { active: isActiveQueue(record), changedAt: lastChange(record) });
  }

  private read(id: string): QueueRecord | null {
    let file: string;
    try {
      file = this.file(id);
    } catch {
      return null;
    }
    if (!fs.existsSync(file)) return null;
    return JSON.parse(fs.readFileSync(file, 'utf8')) as QueueRecord;
  }

  /** Removes finished queues past FINISHED_QUEUE_RETENTION_MS (all finished ones, oldest first, when `room` is needed). */
  private prune(room = 0): void {
    const finished = [...this.index].filter(([, e]) => !e.active).sort((a, b) => a[1].changedAt - b[1].changedAt);
    for (const [id, e] of finished) {
      const old = e.changedAt < this.now() - FINISHED_QUEUE_RETENTION_MS;
      if (!old && this.index.size + room <= MAX_STORED_QUEUES) break;
      fs.rmSync(this.file(id), { force: true });
      this.index.delete(id);
    }
  }

  /** Serialises writes within this process. */
  private serial<T>(fn: () => T): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** An unauthorised queue is held in memory (pendingQueues.ts); only an authorised one is written. */
  create(record: QueueRecord): Promise<void> {
    return this.serial(() => (record.authorizedAt ? this.writeNew(record) : this.pending.put(record)));
  }

  private writeNew(record: QueueRecord): void {
    if (!this.index.has(record.id)) this.prune(1);
    if (!this.index.has(record.id) && this.index.size >= MAX_STORED_QUEUES)
      throw new AppError(503, 'queue_full', undefined, true);
    this.write(record);
  }

  async get(id: string): Promise<QueueRecord | null> {
    return this.pending.get(id) ?? this.read(id);
  }

  update(id: string, mutate: (q: QueueRecord) => void, opts: UpdateOptions = {}): Promise<QueueRecord> {
    return this.serial(() => {
      if (opts.lease !== undefined && !this.leases.holds(id, opts.lease)) throw new LeaseLostError(id);
      const held = this.pending.get(id);
      const q = held ?? this.read(id);
      if (!q) throw new Error(`queue ${id} not found`);
      mutate(q);
      if (held && !q.authorizedAt) this.pending.replace(q);
      else {
        this.writeNew(q);
        this.pending.delete(id);
      }
      return q;
    });
  }

  async listActive(): Promise<QueueRecord[]> {
    const out: QueueRecord[] = [];
    for (const [id, e] of this.index) {
      if (!e.active) continue;
      const q = this.read(id);
      if (q && isActiveQueue(q)) out.push(q);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  async claim(id: string, worker: string, ttlMs: number): Promise<boolean> {
    return this.leases.claim(id, worker, ttlMs);
  }

  async release(id: string, worker: string): Promise<void> {
    this.leases.release(id, worker);
  }

  async close(): Promise<void> {
    clearInterval(this.pruner);
  }
}

const lastChange = (q: QueueRecord) =>
  Math.max(q.createdAt, q.authorizedAt ?? 0, q.cancelledAt ?? 0, ...q.items.map((i) => i.updatedAt));

/** Status as the spec's client reads it (docs/PRODUCT.md#data-and-defaults queue status). */
export function queueStatusOf(q: QueueRecord) {
  const count = (s: QueueItemState) => q.items.filter((i) => i.state === s).length;
  const completed = q.items.filter((i) => i.state === 'completed');
  const last = [...completed].sort((a, b) => b.updatedAt - a.updatedAt)[0];
  const open = count('pending') + count('sending');
  return {
    pending: count('pending'),
    processing: count('sending'),
    completed: completed.length,
    failed: count('failed'),
    cancelled: count('cancelled'),
    total: q.items.length,
    authorized: !!q.authorizedAt,
    isCancelled: !!q.cancelledAt,
    isComplete: q.cancelledAt ? count('sending') === 0 : !!q.authorizedAt && open === 0,
    lastSignature: last?.signature ?? null,
    completedAssets: completed.map((i) => ({ assetId: i.assetId, name: i.name, signature: i.signature ?? '' })),
    failedAssets: q.items
      .filter((i) => i.state === 'failed')
      .map((i) => ({ assetId: i.assetId, name: i.name, error: i.error ?? CNFT_ERRORS.transferFailed })),
    // Still the owner's and not on their way (pending, cancelled or failed): what a revoke of the delegation covers.
    unmovedAssets: q.items.flatMap((i) =>
      i.state === 'pending' || i.state === 'cancelled' || i.state === 'failed'
        ? [{ assetId: i.assetId, name: i.name, state: i.state }]
        : [],
    ),
  };
}
