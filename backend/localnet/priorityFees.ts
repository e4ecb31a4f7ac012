// getRecentPrioritizationFees as a cluster answers it (agave's prioritization fee cache): for each of the last 150
// slots, the lowest compute-unit price any landed transaction in that slot paid; when accounts are given, raised to
// the lowest price paid by a transaction write-locking each of them. LOCALNET_PRIORITY_FEE_FLOOR seeds a busy network:
// no slot reports less than it.
const RECENT_SLOTS = 150;

interface SlotFees {
  min: bigint;
  /** account → the lowest price of a transaction in this slot that write-locked it */
  writable: Map<string, bigint>;
}

export class PriorityFeeLog {
  private readonly slots = new Map<number, SlotFees>();

  constructor(public floor = 0) {}

  record(slot: number, price: bigint, writable: string[]): void {
    let s = this.slots.get(slot);
    if (!s) {
      s = { min: price, writable: new Map() };
      this.slots.set(slot, s);
      for (const old of this.slots.keys()) if (old <= slot - RECENT_SLOTS) this.slots.delete(old);
    }
    if (price < s.min) s.min = price;
    for (const a of writable) {
      const prev = s.writable.get(a);
      if (prev === undefined || price < prev) s.writable.set(a, price);
    }
  }

  recent(currentSlot: number, accounts: string[] = []): { slot: number; prioritizationFee: number }[] {
    const out: { slot: number; prioritizationFee: number }[] = [];
    for (let slot = Math.max(0, currentSlot - RECENT_SLOTS + 1); slot <= currentSlot; slot++) {
      const s = this.slots.get(slot);
      let fee = s?.min ?? 0n;
      for (const a of accounts) {
        const f = s?.writable.get(a);
        if (f !== undefined && f > fee) fee = f;
      }
      out.push({ slot, prioritizationFee: Math.max(this.floor, Number(fee)) });
    }
    return out;
  }
}
