// §7.2 vacant token accounts: list the safe set, prepare the close transactions, submit the signed ones.
import type { ApiResult } from './result';

/** POST /api/burn-vacant-accounts */
export interface VacantAccountsRequest {
  ownerAddress: string;
  /** The spec's fixed placeholder is accepted (PRODUCT difference 3). */
  signedMessage: string;
}
export interface VacantAccount {
  /** Token account address. */
  address: string;
  mint: string;
  /** Token program that owns the account (SPL Token or Token-2022). */
  programId: string;
  /** The account's own lamports = the rent its close returns. */
  lamports: number;
  /** Token-2022 transfer-fee amount withheld in the account (raw, decimal string), harvested before the close. */
  withheldAmount?: string;
  /** Set with `withheldAmount`: the close is preceded by harvesting the withheld fees to the mint. */
  harvestFirst?: true;
}
export type SkipReason = 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority';
/** Accounts that are empty but not closed silently (wrapped SOL, frozen, delegated, foreign close authority). */
export interface SkippedVacantAccount {
  address: string;
  mint: string;
  programId: string;
  lamports: number;
  reason: SkipReason;
  /** The true reason in words, e.g. 'Delegated to <address>'. */
  detail: string;
}
/** In a prepare answer: also the accounts asked for that are not an empty token account of this wallet. */
export type SkippedPrepareAccount = Omit<SkippedVacantAccount, 'reason'> & { reason: SkipReason | 'not-vacant' };
export interface VacantAccountsResponse extends ApiResult {
  accountCount: number;
  vacantAccounts: VacantAccount[];
  skippedAccounts?: SkippedVacantAccount[];
  /** Sum over `vacantAccounts`: SOL, and exact lamports. */
  totalRent?: number;
  totalRentLamports?: number;
}

/** POST /api/prepare-burn-transactions */
export interface PrepareBurnTransactionsRequest {
  ownerAddress: string;
  /** Token account addresses to close (a subset of `vacantAccounts[].address`); omitted = all. */
  vacantAccounts?: string[];
  /** Also withdraw the surplus rent of kept accounts (WithdrawExcessLamports, PRODUCT difference 13). */
  withdrawSurplus?: boolean;
  /** Let the server's relayer pay the network fee, repaid exactly in each transaction (PRODUCT difference 15). */
  relayFee?: boolean;
}
export interface PrepareBurnTransactionsResponse extends ApiResult {
  /** The first transaction (spec); unsigned, base64. */
  transaction?: string;
  /** All transactions, packed to the size limit (PRODUCT difference 6). `transactions[0] === transaction`. */
  transactions?: string[];
  /** Accounts closed by all `transactions` together. */
  accountCount: number;
  /** Accounts closed by each transaction, same order as `transactions`. */
  accountCounts?: number[];
  /** Rent returned and fee charged over all transactions: SOL, and exact lamports. */
  totalRent?: number;
  totalRentLamports?: number;
  totalFee?: number;
  totalFeeLamports?: number;
  /** Per transaction, same order as `transactions`: the service fee and the rent it returns, lamports. */
  feesPerTransactionLamports?: number[];
  rentPerTransactionLamports?: number[];
  feeWallet?: string;
  /** Priority fee of every transaction, micro-lamports per compute unit. */
  computeUnitPrice?: number;
  skippedAccounts?: SkippedPrepareAccount[];
  /** Surplus withdrawals (WithdrawExcessLamports) when `withdrawSurplus` was asked: how many accounts, per transaction. */
  surplusAccounts?: number;
  surplusAccountCounts?: number[];
  /** Surplus returned over all transactions: SOL, exact lamports, and lamports per transaction. */
  totalSurplus?: number;
  totalSurplusLamports?: number;
  surplusPerTransactionLamports?: number[];
  /** Measured serialized size of each transaction, bytes. */
  sizes?: number[];
  /** PRODUCT difference 15: the relayer's address when it pays the network fee, and its exact repayment per transaction. */
  feePayer?: string;
  repaymentsPerTransactionLamports?: number[];
}

/**
 * POST /api/submit-burn-transaction — one signed transaction, or all of one prepare (`signedTransactions`), which the
 * server sends; or, when the owner's wallet sent them itself (sign-and-send), their `sentSignatures` (base58), which
 * the server reads back from the chain. Exactly one of the three.
 */
export interface SubmitBurnTransactionRequest {
  signedTransaction?: string;
  signedTransactions?: string[];
  sentSignatures?: string[];
  accountCount?: number;
}
export interface SubmitBurnTransactionResponse extends ApiResult {
  signature?: string;
  signatures?: string[];
  /** Rent of the closed accounts: SOL, and exact lamports (the service fee is `serviceFeeLamports`). */
  recoveredRent?: number;
  recoveredRentLamports?: number;
  serviceFeeLamports?: number;
  accountCount?: number;
  /** Of recoveredRentLamports: lamports from the recovery sources of POST /api/prepare-recovery (stake, buffers…). */
  sourcesRecoveredLamports?: number;
  ownerBalanceChangeLamports?: number;
  feeWalletBalanceChangeLamports?: number;
}
