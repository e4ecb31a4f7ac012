// What several server processes must agree on: the rate limits, the one-use nonces and the sharing of identical
// GET requests (the queue is built in queue/queueService.ts from the same connection). REDIS_URL set → all of it lives in
// Redis; unset → in this process, as a single server needs.
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { createRateLimits, type RateLimitOptions, type RateLimits } from '../../middleware/rateLimit';
import { MemoryNonceStore, type NonceStore } from '../auth/nonceStore';
import { closeRedis, connectRedis } from './redis';
import { RedisNonceStore } from '../auth/redisNonceStore';
import { createSharedAnswers, type SharedAnswers } from './sharedAnswers';

export interface SharedState {
  redis?: Redis;
  limits: RateLimits;
  nonces: NonceStore;
  /** Cross-process GET sharing; undefined without Redis (requests then share within this process only). */
  answers?: SharedAnswers;
  close(): Promise<void>;
}

export async function createSharedState(
  config: Config,
  hooks: Pick<RateLimitOptions, 'onLimited'> = {},
): Promise<SharedState> {
  const limitOpts = {
    ...hooks,
    perMinute: config.rateLimitPerMinute,
    rpcPerMinute: config.rpcRateLimitPerMinute,
    imagePerMinute: config.imageRateLimitPerMinute,
    trustProxy: config.trustProxy,
  };
  if (!config.redisUrl) {
    return {
      limits: createRateLimits(limitOpts),
      nonces: new MemoryNonceStore(config.authNoncesPerClient),
      close: async () => undefined,
    };
  }
  const redis = await connectRedis(config.redisUrl);
  const answers = await createSharedAnswers(redis);
  return {
    redis,
    limits: createRateLimits({ ...limitOpts, redis }),
    nonces: new RedisNonceStore(redis, config.authNoncesPerClient),
    answers,
    async close() {
      await answers.close();
      await closeRedis(redis);
    },
  };
}
