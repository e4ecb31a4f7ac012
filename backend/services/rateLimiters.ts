// The allowance behind the rate limits, on `rate-limiter-flexible`: in this process's memory, or in Redis
// (REDIS_URL) so every process draws from one allowance per client. Redis unreachable → each process falls back to
// its own memory allowance (the library's insurance limiter) rather than refusing or letting everything through.
import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_PREFIX } from './redis';

export interface Allowance {
  /** Spends `points` of `key`'s allowance: 0 when allowed, else the seconds until enough of it is back. */
  consume(key: string, points: number): Promise<number>;
}

/**
 * N per minute, shaped like the token bucket this replaced: a client may burst its minute's N at once, and gets
 * one more every 60/N s (a steady limiter of one step's share every `step` seconds, with a burst limiter of the
 * rest of the minute behind it). A client that never pauses is held to N plus the refills, i.e. under 2N in any
 * minute, as with the bucket.
 */
export function perMinuteAllowance(name: string, perMinute: number, redis?: Redis): Allowance {
  const stepS = Math.ceil(60 / perMinute);
  const steady = Math.max(1, Math.floor((perMinute * stepS) / 60));
  const burst = perMinute - steady;
  const make = (part: string, points: number, duration: number) => {
    const keyPrefix = `${REDIS_PREFIX}rl:${name}:${part}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory }) : memory;
  };
  const limiter = burst > 0 ? new BurstyRateLimiter(make('steady', steady, stepS), make('burst', burst, 60)) : make('steady', steady, stepS);
  return {
    async consume(key, points) {
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
  };
}
