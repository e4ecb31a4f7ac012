// What the server prepared: submit and the sent-transaction record accept only these messages, so a transaction
// altered after preparing (another instruction, another amount, another payer) is never relayed or recorded. The
// one change accepted is what a wallet's own guard adds before it signs (src/chain/walletAdditionsCheck.ts): each
// message is found by the SHA-256 of what a wallet leaves alone, then checked against the prepared one.
import { createHash } from 'node:crypto';
import { VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import { decodeTransaction, type DecodedTransaction } from '../../../src/chain/decode';
import { payloadKey, walletAdditionsRefusal } from '../../../src/chain/walletAdditionsCheck';
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

function decodeMessage(messageBytes: Uint8Array): DecodedTransaction | null {
  try {
    return decodeTransaction(new VersionedTransaction(VersionedMessage.deserialize(messageBytes)));
  } catch {
    return null;
  }
}

const keyOf = (decoded: DecodedTransaction): string => createHash('sha256').update(payloadKey(decoded)).digest('hex');

interface Entry {
  prepared: PreparedBurn;
  message: DecodedTransaction;
}

export class PreparedBurnStore {
  // npm lru-cache, oldest prepared out first: reads use `peek`, which leaves the order alone.
  private readonly entries: LRUCache<string, Entry>;

  constructor(now: () => number = Date.now) {
    this.entries = new LRUCache<string, Entry>({
      max: MAX_PREPARED,
      ttl: PREPARED_TTL_MS,
      perf: { now },
      ttlResolution: 0, // the clock is read at every look, so a test's clock decides expiry exactly
    });
  }

  remember(messageBytes: Uint8Array, prepared: PreparedBurn): void {
    const message = decodeMessage(messageBytes);
    if (!message) throw new Error('Only a transaction message can be prepared');
    this.entries.set(keyOf(message), { prepared, message });
  }

  /** What was prepared for this message, which may carry a wallet's additions; undefined for anything else. */
  get(messageBytes: Uint8Array): PreparedBurn | undefined {
    return this.find(messageBytes)?.entry.prepared;
  }

  /** A transaction is relayed once: a replay would only fail on chain. */
  forget(messageBytes: Uint8Array): void {
    const found = this.find(messageBytes);
    if (found) this.entries.delete(found.key);
  }

  private find(messageBytes: Uint8Array): { key: string; entry: Entry } | undefined {
    const sent = decodeMessage(messageBytes);
    if (!sent) return undefined;
    const key = keyOf(sent);
    const entry = this.entries.peek(key);
    return entry && walletAdditionsRefusal(entry.message, sent) === null ? { key, entry } : undefined;
  }

  get size(): number {
    return this.entries.size;
  }
}
