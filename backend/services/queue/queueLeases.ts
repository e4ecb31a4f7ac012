// Leases of the file store: in memory, because one process owns a DATA_DIR (the Redis store keeps them in Redis).

export class MemoryLeases {
  private readonly leases = new Map<string, { worker: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  holds(id: string, worker: string): boolean {
    const l = this.leases.get(id);
    return !!l && l.worker === worker && l.until > this.now();
  }

  claim(id: string, worker: string, ttlMs: number): boolean {
    const l = this.leases.get(id);
    if (l && l.worker !== worker && l.until > this.now()) return false;
    this.leases.set(id, { worker, until: this.now() + ttlMs });
    return true;
  }

  release(id: string, worker: string): void {
    if (this.leases.get(id)?.worker === worker) this.leases.delete(id);
  }
}

export interface HeldLease {
  /** True once a renewal failed: another worker may own the queue now, so this one must stop touching it. */
  lost(): boolean;
  release(): Promise<void>;
}

/**
 * Takes a queue's lease and keeps renewing it (every third of its time to live) until released. Null when another
 * live worker holds it.
 */
export async function holdLease(
  store: {
    claim(id: string, worker: string, ttlMs: number): Promise<boolean>;
    release(id: string, worker: string): Promise<void>;
  },
  id: string,
  worker: string,
  ttlMs: number,
): Promise<HeldLease | null> {
  if (!(await store.claim(id, worker, ttlMs))) return null;
  let lost = false;
  const timer = setInterval(
    () => {
      store.claim(id, worker, ttlMs).then(
        (ok) => void (lost ||= !ok),
        () => void (lost = true), // cannot tell: behave as if lost, the next pass claims again
      );
    },
    Math.max(50, Math.floor(ttlMs / 3)),
  );
  timer.unref();
  return {
    lost: () => lost,
    async release() {
      clearInterval(timer);
      if (!lost) await store.release(id, worker).catch(() => undefined);
    },
  };
}
