// The image proxy's memory: least recently used first out, bounded by entry count and by bytes, each entry kept
// for a fixed time (a picture `ttlMs`, a failure `failureTtlMs`). npm lru-cache keeps the order, sizes and times.
import { LRUCache } from 'lru-cache';

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

/** A picture weighs its bytes; a failure holds no body but lru-cache needs a positive size, so it weighs 1. */
const weight = (entry: CacheEntry): number => (entry.ok ? Math.max(entry.image.body.length, 1) : 1);

export class ImageCache {
  private readonly cache: LRUCache<string, CacheEntry>;

  constructor(
    private readonly limits: ImageCacheLimits,
    now: () => number = Date.now,
  ) {
    this.cache = new LRUCache<string, CacheEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      maxEntrySize: limits.maxBytes,
      sizeCalculation: weight,
      // The clock is read at every get (no 1 ms reuse), so a test's clock decides expiry exactly.
      perf: { now },
      ttlResolution: 0,
    });
  }

  get(key: string): CacheEntry | undefined {
    return this.cache.get(key);
  }

  set(key: string, entry: CacheEntry): void {
    if (weight(entry) > this.limits.maxBytes) return; // never one picture larger than the whole memory
    this.cache.set(key, entry, { ttl: entry.ok ? this.limits.ttlMs : this.limits.failureTtlMs });
  }

  /** Entries and bytes held (tests and diagnostics; a remembered failure counts 1 byte). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }
}
