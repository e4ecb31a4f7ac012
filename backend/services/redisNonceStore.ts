// One-use nonces shared by every process on one Redis: the same contract as MemoryNonceStore (nonceStore.ts).
// The nonce expires with its key, and consume is a single GETDEL, so of two processes consuming the same nonce at
// the same moment exactly one gets it. Each client's unused nonces are a sorted set scored by expiry; counting and
// issuing run as one script, so two processes cannot both give a client its last free place.
import type { Redis } from 'ioredis';
import { NONCES_PER_CLIENT, newNonce, type NonceIssue, type NonceStore } from './nonceStore';
import { REDIS_PREFIX } from './redis';

// Whatever newNonce() makes (hex today) fits; anything else never reaches Redis as a key.
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;

// KEYS: the client's set, the nonce's key. ARGV: now, ttl, per-client maximum, nonce, client.
// Answers {1} when issued, {0, earliest expiry} when the client holds its maximum.
const ISSUE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, first[2]}
end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[2])
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
    const [issued, earliest] = (await this.redis.eval(
      ISSUE,
      2,
      this.clientKey(client),
      this.key(nonce),
      now,
      ttl,
      this.perClientMax,
      nonce,
      client,
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
    const client = await this.redis.getdel(this.key(nonce));
    if (client === null) return false;
    if (client) await this.redis.zrem(this.clientKey(client), nonce);
    return true;
  }
}
