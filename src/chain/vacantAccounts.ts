/** One closable empty token account (the server's safe set, DESIGN §3.7). */
export interface VacantAccountInfo {
  address: string;
  mint: string;
  programId: string;
  /** The account's own lamports: exactly what its close returns. */
  lamports: number;
  /** Token-2022 withheld transfer fees (raw, decimal string), harvested to the mint before the close. */
  withheldAmount?: string;
  harvestFirst?: true;
}

export type SkipReason = 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority';
/** An empty (or wrapped-SOL) account reported apart and never closed. */
export interface SkippedAccountInfo {
  address: string;
  mint: string;
  programId: string;
  lamports: number;
  reason: SkipReason;
  detail: string;
}
