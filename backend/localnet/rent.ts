// The local chain's rent per byte (SIMD-0437). Rent-exempt minimum = (data bytes + 128) × lamports_per_byte.
// SIMD-0437 (solana-improvement-documents, proposals/0437-incremental-rent-reduction.md) lowers lamports_per_byte
// from 6960 in five feature-gated steps: 6333, 5080, 2575, 1322, 696. Accounts made earlier keep their deposit, so
// everything above the new minimum becomes surplus their authority can withdraw.
// Which step is live on mainnet: Chainstack's "Solana: Rent reduction and reclaiming excess rent" says steps 1 and 2
// are active (5,080 lamports per byte), and LiteSVM's v0.18.0 release notes say its default feature set "now yields
// 5080 lamports per byte like mainnet". Neither is the chain itself (these machines cannot reach mainnet), so the
// default below is that reading; LOCALNET_LAMPORTS_PER_BYTE changes it.
import type { Chain } from './chain';

/** The historic rate every account made before SIMD-0437 was funded at. */
export const LEGACY_LAMPORTS_PER_BYTE = 6960;
/** SIMD-0437 step 2 (of 6960, 6333, 5080, 2575, 1322, 696), in force on mainnet per the sources above. */
export const MAINNET_LAMPORTS_PER_BYTE = 5080;

/**
 * Holds the chain's configured rate and lets funding run at the legacy rate meanwhile. Funding yields to the event
 * loop, so two fundings may overlap: the legacy rate stays until the last one ends (a depth count, not a saved value).
 */
export class RentSchedule {
  private legacyDepth = 0;

  constructor(
    private readonly chain: Chain,
    private configured: number,
  ) {
    this.apply(configured);
  }

  get lamportsPerByte(): number {
    return this.configured;
  }

  set(lamportsPerByte: number): void {
    this.configured = lamportsPerByte;
    if (this.legacyDepth === 0) this.apply(lamportsPerByte);
  }

  /** Runs `fn` with the chain at 6960, as if its accounts had been made before the cut; then the configured rate. */
  async atLegacyRate<T>(fn: () => Promise<T>): Promise<T> {
    if (this.legacyDepth++ === 0) this.apply(LEGACY_LAMPORTS_PER_BYTE);
    try {
      return await fn();
    } finally {
      if (--this.legacyDepth === 0) this.apply(this.configured);
    }
  }

  private apply(lamportsPerByte: number): void {
    const rent = this.chain.svm.getRent();
    rent.lamportsPerByteYear = BigInt(lamportsPerByte); // since SIMD-0194 this field is lamports per byte
    rent.exemptionThreshold = 1.0;
    this.chain.svm.setRent(rent);
  }
}

export function isValidLamportsPerByte(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000;
}
