// What the local chain answers with: accounts, recorded signatures, transaction results, commitments.
import type { TransactionErrorJson } from './txErrors';

export interface ChainAccount {
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
}

export interface SignatureRecord {
  slot: number;
  blockTime: number;
  err: TransactionErrorJson | null;
  fee: number;
  logs: string[];
  unitsConsumed: number;
  accountKeys: string[];
  preBalances: number[];
  postBalances: number[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  version: 'legacy' | 0;
  tx: string | null; // base64 bytes (null for airdrops)
  visibleAt: number; // statuses and notifications stay hidden until then (delayConfirmations fault)
}

export interface TxResult {
  signature: string;
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: number;
  fee: number;
  postAccounts?: Map<string, ChainAccount>;
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number };
}

/** Slots after which a cluster's supermajority root makes a block final (~32 at 400 ms ≈ 13 s). */
export const FINALIZE_DEPTH = 32;
export type Commitment = 'processed' | 'confirmed' | 'finalized';
export const COMMITMENT_RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };
