// What the server prepared, keyed by the SHA-256 of the exact message bytes: submit accepts only these messages, so
// a transaction altered after preparing (another instruction, another amount, another payer) is never relayed.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { SurplusAccount } from './surplus';
import type { VacantAccountInfo } from './vacantScan';

export interface PreparedBurn {
  owner: string;
  feeWallet: string;
  /** The accounts this transaction closes, with their lamports when prepared. */
  accounts: VacantAccountInfo[];
  /** Kept accounts whose surplus this transaction withdraws (WithdrawExcessLamports), as prepared. */
  withdrawals?: SurplusAccount[];
  /** floor(1 % of the rent and surplus this transaction recovers). */
  serviceFee: number;
  /** Recovery sources (stake, buffers, nonces, lookup tables) whose balance this transaction lowers, as prepared. */
  recoveries?: { address: string; kind: string }[];
  /** The relayer when it pays the network fee (PRODUCT difference 15), and the exact repayment in the transaction. */
  feePayer?: string;
  repayment?: number;
}

export const PREPARED_TTL_MS = 10 * 60_000; // far beyond a blockhash's ~60-90 s life
export const MAX_PREPARED = 10_000;

export const messageHash = (messageBytes: Uint8Array): string =>
  createHash('sha256').update(messageBytes).digest('hex');

export class PreparedBurnStore {
  // npm lru-cache, oldest prepared out first: reads use `peek`, which leaves the order alone.
  private readonly entries: LRUCache<string, PreparedBurn>;

  constructor(now: () => number = Date.now) {
    this.entries = new LRUCache<string, PreparedBurn>({
      max: MAX_PREPARED,
      ttl: PREPARED_TTL_MS,
      perf: { now },
      ttlResolution: 0, // the clock is read at every look, so a test's clock decides expiry exactly
    });
  }

  remember(messageBytes: Uint8Array, entry: PreparedBurn): string {
    const key = messageHash(messageBytes);
    this.entries.set(key, entry);
    return key;
  }

  get(messageBytes: Uint8Array): PreparedBurn | undefined {
    return this.entries.peek(messageHash(messageBytes));
  }

  /** A transaction is relayed once: a replay would only fail on chain. */
  forget(messageBytes: Uint8Array): void {
    this.entries.delete(messageHash(messageBytes));
  }

  get size(): number {
    return this.entries.size;
  }
}
