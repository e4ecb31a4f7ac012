// What the server prepared, keyed by the SHA-256 of the exact message bytes: submit accepts only these messages, so
// a transaction altered after preparing (another instruction, another amount, another payer) is never relayed.
import { createHash } from 'node:crypto';
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
  expiresAt: number;
}

const TTL_MS = 10 * 60_000; // far beyond a blockhash's ~60-90 s life
const MAX_ENTRIES = 10_000;

export const messageHash = (messageBytes: Uint8Array): string =>
  createHash('sha256').update(messageBytes).digest('hex');

export class PreparedBurnStore {
  private readonly entries = new Map<string, PreparedBurn>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(messageBytes: Uint8Array, entry: Omit<PreparedBurn, 'expiresAt'>): string {
    this.evict();
    const key = messageHash(messageBytes);
    this.entries.set(key, { ...entry, expiresAt: this.now() + TTL_MS });
    return key;
  }

  get(messageBytes: Uint8Array): PreparedBurn | undefined {
    const entry = this.entries.get(messageHash(messageBytes));
    return entry && entry.expiresAt > this.now() ? entry : undefined;
  }

  /** A transaction is relayed once: a replay would only fail on chain. */
  forget(messageBytes: Uint8Array): void {
    this.entries.delete(messageHash(messageBytes));
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    const now = this.now();
    for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    while (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
