// The image proxy's memory: least recently used first out, bounded by entry count and by bytes, each entry kept
// for a fixed time. A Map keeps insertion order, so re-inserting on every hit makes its first key the oldest use.

export interface CachedImage {
  body: Buffer;
  contentType: string;
}

/** A failure is remembered too (shorter), so a dead or hostile URL is not fetched again on every request. */
export type CacheEntry = { ok: true; image: CachedImage } | { ok: false; error: Error };

export interface ImageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  failureTtlMs: number;
}

interface Slot {
  entry: CacheEntry;
  bytes: number;
  expires: number;
}

export class ImageCache {
  private readonly slots = new Map<string, Slot>();
  private total = 0;

  constructor(
    private readonly limits: ImageCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CacheEntry | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    if (slot.expires <= this.now()) {
      this.total -= slot.bytes;
      return undefined;
    }
    this.slots.set(key, slot);
    return slot.entry;
  }

  set(key: string, entry: CacheEntry): void {
    const bytes = entry.ok ? entry.image.body.length : 0;
    if (bytes > this.limits.maxBytes) return;
    this.delete(key);
    const ttl = entry.ok ? this.limits.ttlMs : this.limits.failureTtlMs;
    this.slots.set(key, { entry, bytes, expires: this.now() + ttl });
    this.total += bytes;
    while (this.slots.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      this.delete(this.slots.keys().next().value!);
    }
  }

  /** Entries and bytes held (tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.total };
  }

  private delete(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.total -= slot.bytes;
  }
}
