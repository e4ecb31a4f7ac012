// getRecentPerformanceSamples as agave answers it (rpc/src/rpc.rs get_recent_performance_samples; the samples are
// taken by core/src/sample_performance_service.rs every 60 s, at most 720 kept, newest first): each sample counts
// the slots and transactions of one period, so a client can measure the slot time. Here the period is the
// local chain's own (60 s unless set for tests); the counts are the chain's real slots and transactions.
import type { PerformanceSample } from '../../src/chain/recovery/slotTime';
import { RpcError } from './txErrors';

const MAX_RECENT_PERFORMANCE_SAMPLES = 720; // agave rpc.rs

export class PerformanceLog {
  private samples: PerformanceSample[] = [];
  private last: { slot: number; transactions: number } | null = null;

  /** Closes one period: what happened since the previous call (the first call only sets the start). */
  record(slot: number, transactions: number, periodSecs: number): void {
    if (this.last) {
      const numTransactions = Math.max(0, transactions - this.last.transactions);
      this.samples.unshift({
        slot,
        numSlots: slot - this.last.slot,
        numTransactions,
        numNonVoteTransactions: numTransactions, // the local chain has no votes
        samplePeriodSecs: periodSecs,
      });
      this.samples.length = Math.min(this.samples.length, MAX_RECENT_PERFORMANCE_SAMPLES);
    }
    this.last = { slot, transactions };
  }

  recent(limit: unknown): PerformanceSample[] {
    const n = limit === undefined || limit === null ? MAX_RECENT_PERFORMANCE_SAMPLES : limit;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > MAX_RECENT_PERFORMANCE_SAMPLES)
      throw new RpcError(-32602, 'Invalid limit; max 720');
    return this.samples.slice(0, n);
  }
}
