// The Redis connection behind REDIS_URL (queue, rate limits, nonces, GET sharing). One command connection per app;
// the GET sharing opens its own subscriber connection from it (a subscribed connection can run no other command).
import { Redis } from 'ioredis';

/** Every key this app writes starts with it, so one Redis can serve other programs (or tests) beside SolBack. */
export const REDIS_PREFIX = 'solback:';

/** Connects and checks the server answers: a wrong REDIS_URL stops the server at start-up, not at the first request. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // A request waits for at most a few reconnect attempts instead of hanging while Redis is away.
    maxRetriesPerRequest: 3,
    connectTimeout: 5_000,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${(err as Error).message})`, { cause: err });
  }
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
