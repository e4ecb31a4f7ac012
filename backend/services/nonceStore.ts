// One-use nonces for signed messages (Sign-In-With-Solana style authorisations). A nonce is issued by this server,
// lives at most its time to live and is accepted once: a signature cannot be replayed. `MemoryNonceStore` serves one
// process; with REDIS_URL a Redis-backed store implements the same contract so every process shares them.
import { randomBytes } from 'crypto';

export interface NonceStore {
  /** A fresh random nonce (hex), valid for ttlMs and usable once. */
  issue(ttlMs: number): Promise<string>;
  /** True exactly once for an issued, unexpired nonce; false for an unknown, expired or already used one. */
  consume(nonce: string): Promise<boolean>;
  /**
   * Makes a nonce consumed by this request usable again until `expiresAt` (epoch ms): only when the action it
   * authorised failed on the server's side before anything happened, so the client's retry of the same signed
   * request (spec §7.5's delegated-transfer retries) is not refused as a replay.
   */
  restore(nonce: string, expiresAt: number): Promise<void>;
  close?(): Promise<void>;
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** In-process store; bounded (oldest dropped first) so a flood of issue calls cannot grow memory without limit. */
export class MemoryNonceStore implements NonceStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(ttlMs: number): Promise<string> {
    const nonce = newNonce();
    if (this.expiries.size >= this.maxEntries) this.expiries.delete(this.expiries.keys().next().value!);
    this.expiries.set(nonce, this.now() + ttlMs);
    return nonce;
  }

  async restore(nonce: string, expiresAt: number): Promise<void> {
    if (expiresAt > this.now() && !this.expiries.has(nonce)) this.expiries.set(nonce, expiresAt);
  }

  async consume(nonce: string): Promise<boolean> {
    const expiry = this.expiries.get(nonce);
    if (expiry === undefined) return false;
    this.expiries.delete(nonce);
    return expiry > this.now();
  }
}
