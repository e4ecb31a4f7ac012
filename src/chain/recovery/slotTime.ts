// How long a slot takes, measured: the node's recent 60-second performance samples (getRecentPerformanceSamples,
// Solana JSON-RPC reference) give slots per period; the lookup table's "about N min" uses it. Without samples the
// page says which slot time it assumed instead of pretending to know (docs/UPSTREAM.md, getRecentPerformanceSamples).

export interface PerformanceSample {
  slot: number;
  numSlots: number;
  numTransactions: number;
  numNonVoteTransactions?: number;
  samplePeriodSecs: number;
}

/** How many samples the server asks for: the last 30 minutes. */
export const PERFORMANCE_SAMPLES = 30;
/** What a slot is assumed to take when the node gives no samples (Solana's target slot time, 400 ms). */
export const ASSUMED_SLOT_MS = 400;

/** Milliseconds per slot over the samples (Σ seconds ÷ Σ slots, rounded), or null when no sample counted a slot. */
export function measuredSlotMs(samples: readonly PerformanceSample[]): number | null {
  let seconds = 0;
  let slots = 0;
  for (const s of samples) {
    if (!Number.isSafeInteger(s?.numSlots) || !Number.isFinite(s?.samplePeriodSecs) || s.numSlots <= 0) continue;
    seconds += s.samplePeriodSecs;
    slots += s.numSlots;
  }
  return slots > 0 && seconds > 0 ? Math.round((seconds * 1000) / slots) : null;
}
