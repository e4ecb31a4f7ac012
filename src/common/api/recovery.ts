// The recovery sources (src/chain/recovery/registry.ts). More SOL in the wallet — stake, program buffers, nonce
// accounts, lookup tables, token approvals — is listed by GET /api/recoverable/{wallet} and built by
// POST /api/prepare-recovery; empty token accounts (`vacant`, fee base: the rent) and the surplus above today's rent
// minimum (`surplus`, fee base: the surplus) keep their own routes (src/common/api/vacant.ts). All are submitted like
// every recovery (the wallet, or POST /api/submit-burn-transaction).
import { z } from 'zod';
import type { RECOVERY_SOURCES } from '../../chain/recovery/registry';
import type { ApiResult } from './result';

/** The kinds of the recovery sources, as the registry lists them. */
export type RecoveryKind = (typeof RECOVERY_SOURCES)[number]['kind'];

/**
 * ready: the recovery can run now · cooling-down: it waits for the chain (a table's deactivation slot still in the
 * slot hashes, stake still deactivating) · deactivate-first: a lookup table that is still active (the first of its
 * two phases runs now) · left-alone: nothing to recover (active stake without excess; listed so the owner knows).
 */
export type RecoveryState = 'ready' | 'cooling-down' | 'deactivate-first' | 'left-alone';
export type ScanStatus = 'ok' | 'refused' | 'partial';
export type RecoveryAction = 'close' | 'withdraw' | 'deactivate' | 'revoke';

export interface RecoverableSource {
  kind: RecoveryKind;
  address: string;
  /** Token approvals, empty accounts, surplus: the token program holding the account (SPL Token or Token-2022). */
  programId?: string;
  /** Empty accounts: the mint, which withheld Token-2022 transfer fees are harvested into when `harvestFirst`. */
  mint?: string;
  /** Something is collected before the close: withheld transfer fees, a Pump volume accumulator's cashback. */
  harvestFirst?: true;
  /** Accounts the plan names beside `address`, read by the scan (an OpenBook v1 market, an OpenBook v2 indexer). */
  planAccounts?: string[];
  /** The account's balance now. */
  lamports: number;
  /** The rent and surplus part of what comes back: the service fee is at most 1 % of it (PRODUCT, fee rule). */
  rentLamports: number;
  /** What a recovery returns to the owner, principal included (stake withdrawn whole). */
  recoverableLamports: number;
  /** Stake: unstaked principal; wrapped SOL: the wrapped amount. Inside `recoverableLamports`, never charged a fee. */
  principalLamports?: number;
  state: RecoveryState;
  /** Lookup tables cooling down: the slot from which the close can run (estimated from the slot hashes). */
  readySlot?: number;
  /** Left alone unless the owner ticks it (nonce accounts, lookup tables, approvals). */
  optIn: boolean;
  /** Facts in words: delegation, authority, delegate and amount of an approval. */
  detail: string;
}

export interface RecoverableResponse extends ApiResult {
  sources: RecoverableSource[];
  /**
   * Per kind listed here (the More SOL flow's, not `vacant` or `surplus`): whether the provider answered its scan.
   * `refused` is "not checked on this provider", never a zero.
   */
  scans: Partial<Record<RecoveryKind, ScanStatus>>;
  /** The slot the answer was read at (tables' readySlot is measured from it). */
  slot: number;
  /** Milliseconds per slot measured from the node's recent performance samples; null when it gave none. */
  slotMs?: number | null;
}

const address = z
  .string()
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

/** POST /api/prepare-recovery (the server refines `ownerAddress` to a wallet on the curve). */
export const prepareRecoveryRequest = z.strictObject({
  ownerAddress: address,
  /** The listed addresses to recover; each is re-read on chain, anything else is refused. */
  accounts: z.array(address).max(200).optional(),
  /**
   * "Recover everything" (docs/PRODUCT.md#recover-everything): every registered source that can run now, less
   * `except` (the items the owner unticked: one account may be two items, a revoke and a surplus withdrawal);
   * `accounts` is then ignored.
   */
  everything: z.literal(true).optional(),
  except: z
    .array(z.strictObject({ kind: z.string().max(32), address }))
    .max(5000)
    .optional(),
  /** Let the server's relayer pay the network fee, repaid exactly in each transaction. */
  relayFee: z.boolean().optional(),
});
export type PrepareRecoveryRequest = z.input<typeof prepareRecoveryRequest>;

export interface RecoveryActionReport {
  address: string;
  kind: RecoveryKind;
  action: RecoveryAction;
  /** Lamports this action returns to the owner (0 for a deactivation or a revoke). */
  lamportsBack: number;
  /** Service fee charged for it: at most 1 % of its rent/surplus part. */
  feeLamports: number;
}

export interface PrepareRecoveryResponse extends ApiResult {
  /** Unsigned, base64, packed to the size limit; signed with one approval. */
  transactions: string[];
  actions: RecoveryActionReport[];
  feeWallet: string;
  /** Per transaction: the service fee it pays and the lamports it returns. */
  feesPerTransactionLamports: number[];
  returnsPerTransactionLamports: number[];
  sizes: number[];
  feePayer?: string;
  repaymentsPerTransactionLamports?: number[];
}
