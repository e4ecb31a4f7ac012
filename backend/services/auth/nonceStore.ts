// One-use nonces for signed messages (Sign-In-With-Solana style authorisations). A nonce is issued by this server,
// lives at most its time to live and is accepted once: a signature cannot be replayed. `MemoryNonceStore` serves one
// process; with REDIS_URL a Redis-backed store implements the same contract so every process shares them.
//
// Bounded per client (RELIABILITY, hostile clients: nonces): a client — an IPv4 address or an IPv6 /64
// (middleware/rateLimit.ts clientKey) — holds at most AUTH_NONCES_PER_CLIENT unused ones, and each wider prefix it
// is in (IPv4 /24, IPv6 /56 and /48) a few clients' worth (services/limits/prefixAllowance.ts): 3,315 /64s of one /48 once
// filled the store and every sign-in got 503. The operator on this machine, exempt from limits as everywhere, is
// bounded only by the store's, and a full store refuses new nonces. An issued nonce is never dropped to make room, so a flood of requests cannot make a victim's signed
// request fail as "already used"; the flood only waits for its own nonces to be used or to expire.
import { randomBytes } from 'crypto';
import { prefixLimits } from '../limits/prefixAllowance';

/** A nonce, or how long until the client (or the store) has room for one. */
export type NonceIssue = { nonce: string } | { refused: 'client' | 'full'; retryAfterMs: number };

export interface NonceStore {
  /**
   * A fresh random nonce (hex) for `client`, valid for ttlMs and usable once; refused while the client holds its
   * maximum. A null client (the operator) is counted only in the store's total.
   */
  issue(ttlMs: number, client: string | null): Promise<NonceIssue>;
  /** True exactly once for an issued, unexpired nonce; false for an unknown, expired or already used one. */
  consume(nonce: string): Promise<boolean>;
  /**
   * Makes a nonce consumed by this request usable again until `expiresAt` (epoch ms): only when the action it
   * authorised failed on the server's side before anything happened, so the client's retry of the same signed
   * request (docs/PRODUCT.md#server-calls delegated-transfer retries) is not refused as a replay. Not counted against its client.
   */
  restore(nonce: string, expiresAt: number): Promise<void>;
  close?(): Promise<void>;
}

/** Unused nonces one client may hold (AUTH_NONCES_PER_CLIENT's default): a page asks one per signed action. */
export const NONCES_PER_CLIENT = 30;
/** Unused nonces one process holds at most (memory store). */
export const NONCES_PER_PROCESS = 100_000;

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

interface Held {
  expiry: number;
  /** The client and prefixes it counts for (none: the operator's, or put back by restore; counted for no one). */
  prefixes: string[];
}

/** In-process store; bounded per client and in all (refusing, never dropping an issued nonce). */
export class MemoryNonceStore implements NonceStore {
  /** Insertion order is expiry order for issued nonces (one time to live), so expired ones are swept from the front. */
  private readonly held = new Map<string, Held>();
  /** Unused nonces by client and by prefix: nonce → expiry. */
  private readonly perPrefix = new Map<string, Map<string, number>>();

  constructor(
    private readonly perClientMax = NONCES_PER_CLIENT,
    private readonly maxEntries = NONCES_PER_PROCESS,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(ttlMs: number, client: string | null): Promise<NonceIssue> {
    const now = this.now();
    this.sweep(now);
    const limits = client === null ? [] : prefixLimits(client, this.perClientMax);
    for (const { key, limit } of limits) {
      const mine = this.perPrefix.get(key);
      if (!mine) continue;
      for (const [nonce, expiry] of mine) if (expiry <= now) this.forget(nonce);
      if (mine.size >= limit) return { refused: 'client', retryAfterMs: Math.min(...mine.values()) - now };
    }
    if (this.held.size >= this.maxEntries) {
      const first = this.held.values().next().value!;
      return { refused: 'full', retryAfterMs: Math.max(1, first.expiry - now) };
    }
    const nonce = newNonce();
    const expiry = now + ttlMs;
    const prefixes = limits.map((l) => l.key);
    this.held.set(nonce, { expiry, prefixes });
    for (const key of prefixes) {
      const set = this.perPrefix.get(key) ?? new Map<string, number>();
      set.set(nonce, expiry);
      this.perPrefix.set(key, set);
    }
    return { nonce };
  }

  async restore(nonce: string, expiresAt: number): Promise<void> {
    if (expiresAt > this.now() && !this.held.has(nonce)) this.held.set(nonce, { expiry: expiresAt, prefixes: [] });
  }

  async consume(nonce: string): Promise<boolean> {
    const held = this.held.get(nonce);
    if (held === undefined) return false;
    this.forget(nonce);
    return held.expiry > this.now();
  }

  /** Nonces held for `client` (or a prefix) now (tests). */
  heldBy(client: string): number {
    return this.perPrefix.get(client)?.size ?? 0;
  }

  private sweep(now: number): void {
    for (const [nonce, held] of this.held) {
      if (held.expiry > now) break;
      this.forget(nonce);
    }
  }

  private forget(nonce: string): void {
    const held = this.held.get(nonce);
    this.held.delete(nonce);
    for (const key of held?.prefixes ?? []) {
      const set = this.perPrefix.get(key);
      set?.delete(nonce);
      if (set?.size === 0) this.perPrefix.delete(key);
    }
  }
}
