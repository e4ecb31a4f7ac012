// The image proxy's memory is bounded by entries and by bytes, least recently used out first, with a fixed time.
import { ImageCache, type CacheEntry } from '../../backend/services/image/imageCache';

const image = (bytes: number): CacheEntry => ({
  ok: true,
  image: { body: Buffer.alloc(bytes), contentType: 'image/png' },
});

describe('ImageCache', () => {
  it('holds at most maxEntries, dropping the least recently used', () => {
    const c = new ImageCache({ maxEntries: 3, maxBytes: 1e6, ttlMs: 1000, failureTtlMs: 100 });
    for (const k of ['a', 'b', 'c']) c.set(k, image(10));
    expect(c.get('a')).toBeDefined(); // a is now the most recent
    c.set('d', image(10));
    expect(c.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => !!c.get(k))).toEqual([true, true, true]);
    expect(c.size).toEqual({ entries: 3, bytes: 30 });
  });

  it('holds at most maxBytes, and never one picture larger than that', () => {
    const c = new ImageCache({ maxEntries: 100, maxBytes: 100, ttlMs: 1000, failureTtlMs: 100 });
    c.set('a', image(40));
    c.set('b', image(40));
    c.set('c', image(40)); // 120 > 100: a goes
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toEqual({ entries: 2, bytes: 80 });
    c.set('huge', image(101));
    expect(c.get('huge')).toBeUndefined();
    c.set('b', image(10)); // replacing counts the new size only
    expect(c.size).toEqual({ entries: 2, bytes: 50 });
  });

  it('forgets a picture after ttlMs and a failure after failureTtlMs', () => {
    // lru-cache keeps an entry while at most its ttl has passed (a clock at 0 would read as "no time": start at 1 s).
    let now = 1_000;
    const c = new ImageCache({ maxEntries: 10, maxBytes: 1000, ttlMs: 1000, failureTtlMs: 100 }, () => now);
    c.set('ok', image(5));
    c.set('bad', { ok: false, error: new Error('not an image') });
    now += 100;
    expect(c.get('bad')).toEqual({ ok: false, error: new Error('not an image') });
    now += 1;
    expect(c.get('bad')).toBeUndefined();
    expect(c.get('ok')).toBeDefined();
    now += 900;
    expect(c.get('ok')).toBeUndefined();
    expect(c.size).toEqual({ entries: 0, bytes: 0 });
  });
});
