// One-use nonces shared by every process on one Redis: the same contract as MemoryNonceStore (nonceStore.ts).
// The nonce expires with its key, and consume is a single GETDEL, so of two processes consuming the same nonce at
// the same moment exactly one gets it.
import type { Redis } from 'ioredis';
import { newNonce, type NonceStore } from './nonceStore';
import { REDIS_PREFIX } from './redis';

// Whatever newNonce() makes (hex today) fits; anything else never reaches Redis as a key.
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;

export class RedisNonceStore implements NonceStore {
  constructor(private readonly redis: Redis) {}

  private key = (nonce: string) => `${REDIS_PREFIX}nonce:${nonce}`;

  async issue(ttlMs: number): Promise<string> {
    const nonce = newNonce();
    await this.redis.set(this.key(nonce), '1', 'PX', Math.max(1, Math.ceil(ttlMs)));
    return nonce;
  }

  async restore(nonce: string, expiresAt: number): Promise<void> {
    const ttl = Math.ceil(expiresAt - Date.now());
    if (NONCE.test(nonce) && ttl > 0) await this.redis.set(this.key(nonce), '1', 'PX', ttl, 'NX');
  }

  async consume(nonce: string): Promise<boolean> {
    if (!NONCE.test(nonce)) return false;
    return (await this.redis.getdel(this.key(nonce))) !== null;
  }
}
