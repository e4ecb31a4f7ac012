// One-use nonces shared by every process on one Redis: the same contract as MemoryNonceStore (nonceStore.ts).
// The nonce expires with its key, and consume is a single GETDEL, so of two processes consuming the same nonce at
// the same moment exactly one gets it. The unused nonces of each client and of each wider prefix it is in
// (services/limits/prefixAllowance.ts) are a sorted set scored by expiry; counting and issuing run as one script, so two
// processes cannot both give a client or a prefix its last free place.
import type { Redis } from 'ioredis';
import { NONCES_PER_CLIENT, newNonce, type NonceIssue, type NonceStore } from './nonceStore';
import { prefixLimits } from '../limits/prefixAllowance';
import { REDIS_PREFIX } from '../shared/redis';

// Whatever newNonce() makes (hex today) fits; anything else never reaches Redis as a key.
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;

// KEYS: the nonce's key, then the sets of the client and its prefixes. ARGV: now, ttl, nonce, the value kept under
// the nonce (its sets' names), then each set's maximum. Answers {1} when issued, {0, earliest expiry} when a set is full.
const ISSUE = `
for i = 2, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[3 + i]) then
    local first = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
    return {0, first[2]}
  end
end
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[2])
return {1}
`;

export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly perClientMax = NONCES_PER_CLIENT,
  ) {}

  private key = (nonce: string) => `${REDIS_PREFIX}nonce:${nonce}`;
  private clientKey = (client: string) => `${REDIS_PREFIX}nonces-of:${client}`;

  async issue(ttlMs: number, client: string | null): Promise<NonceIssue> {
    const nonce = newNonce();
    const ttl = Math.max(1, Math.ceil(ttlMs));
    if (client === null) {
      await this.redis.set(this.key(nonce), '', 'PX', ttl);
      return { nonce };
    }
    const now = Date.now();
    const limits = prefixLimits(client, this.perClientMax);
    const sets = limits.map((l) => this.clientKey(l.key));
    const [issued, earliest] = (await this.redis.eval(
      ISSUE,
      1 + sets.length,
      this.key(nonce),
      ...sets,
      now,
      ttl,
      nonce,
      sets.join(' '),
      ...limits.map((l) => l.limit),
    )) as [number, string?];
    if (issued === 1) return { nonce };
    return { refused: 'client', retryAfterMs: Math.max(1, Number(earliest) - now) };
  }

  async restore(nonce: string, expiresAt: number): Promise<void> {
    const ttl = Math.ceil(expiresAt - Date.now());
    if (NONCE.test(nonce) && ttl > 0) await this.redis.set(this.key(nonce), '', 'PX', ttl, 'NX');
  }

  async consume(nonce: string): Promise<boolean> {
    if (!NONCE.test(nonce)) return false;
    const sets = await this.redis.getdel(this.key(nonce));
    if (sets === null) return false;
    for (const set of sets.split(' ').filter(Boolean)) await this.redis.zrem(set, nonce);
    return true;
  }
}
