// The allowance behind the rate limits, on `rate-limiter-flexible`: in this process's memory, or in Redis
// (REDIS_URL) so every process draws from one allowance per client. Redis unreachable → each process falls back to
// its own memory allowance (the library's insurance limiter) rather than refusing or letting everything through.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_PREFIX } from '../shared/redis';

export interface Allowance {
  /** Spends `points` of `key`'s allowance: 0 when allowed, else the seconds until enough of it is back. */
  consume(key: string, points: number): Promise<number>;
}

/**
 * N per minute, shaped like the token bucket this replaced: a client may burst its minute's N at once, and gets
 * one more every 60/N s. Two fixed-window limiters make that shape: a steady one (one step's share every `step`
 * seconds) and, behind it, a burst one holding the rest of the minute. A request of several points takes what the
 * steady share has left and the rest from the burst; a refused request spends nothing (its points are given back),
 * as a bucket would not have taken them.
 */
export function perMinuteAllowance(name: string, perMinute: number, redis?: Redis): Allowance {
  const stepS = Math.ceil(60 / perMinute);
  const steadyPoints = Math.max(1, Math.floor((perMinute * stepS) / 60));
  const burstPoints = perMinute - steadyPoints;
  const make = (part: string, points: number, duration: number) => {
    const keyPrefix = `${REDIS_PREFIX}rl:${name}:${part}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory })
      : memory;
  };
  const steady = make('steady', steadyPoints, stepS);
  const burst = burstPoints > 0 ? make('burst', burstPoints, 60) : null;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async consume(key, points) {
      let steadyRes: RateLimiterRes;
      try {
        await steady.consume(key, points);
        return 0;
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        steadyRes = res;
      }
      // Over the steady share by `over` points (the counter now includes this request's points).
      const over = Math.min(points, steadyRes.consumedPoints - steadyPoints);
      const fromSteady = points - over;
      await steady.reward(key, over);
      if (burst) {
        try {
          await burst.consume(key, over);
          return 0;
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          await burst.reward(key, over);
          if (fromSteady > 0) await steady.reward(key, fromSteady);
          return seconds(Math.min(steadyRes.msBeforeNext, res.msBeforeNext));
        }
      }
      if (fromSteady > 0) await steady.reward(key, fromSteady);
      return seconds(steadyRes.msBeforeNext);
    },
  };
}
