// docs/PRODUCT.md#server-calls vacant token accounts: list the safe set, prepare the close transactions, submit the signed ones.
import { z } from 'zod';
import { base58Address, base64Transaction, signature64 } from './fields';
import type { ApiResult } from './result';

/** POST /api/burn-vacant-accounts */
export const vacantAccountsRequest = z.strictObject({
  ownerAddress: base58Address,
  /** Listing reads public data only, so the spec's fixed placeholder is accepted (PRODUCT difference 3). */
  signedMessage: z.string().min(1).max(1024),
});
export type VacantAccountsRequest = z.input<typeof vacantAccountsRequest>;
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
/** The client's list only narrows the set; entries may be addresses or the listed account objects. */
const accountRef = z.union([base58Address, z.looseObject({ address: base58Address }).transform((a) => a.address)]);
export const prepareBurnTransactionsRequest = z.strictObject({
  ownerAddress: base58Address,
  /** Token account addresses to close (a subset of `vacantAccounts[].address`); omitted = all. */
  vacantAccounts: z.array(accountRef).max(5000).optional(),
  /** Also withdraw the surplus rent of kept accounts (WithdrawExcessLamports, PRODUCT difference 13). */
  withdrawSurplus: z.boolean().optional(),
  /** Let the server's relayer pay the network fee, repaid exactly in each transaction (PRODUCT difference 15). */
  relayFee: z.boolean().optional(),
});
export type PrepareBurnTransactionsRequest = z.input<typeof prepareBurnTransactionsRequest>;
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
export const submitBurnTransactionRequest = z
  .strictObject({
    signedTransaction: base64Transaction.optional(),
    signedTransactions: z.array(base64Transaction).min(1).max(200).optional(),
    sentSignatures: z.array(signature64).min(1).max(200).optional(),
    accountCount: z.int().min(0).optional(),
  })
  .refine((b) => [b.signedTransaction, b.signedTransactions, b.sentSignatures].filter(Boolean).length === 1, {
    message: 'one of signedTransaction, signedTransactions or sentSignatures is required',
  });
export type SubmitBurnTransactionRequest = z.input<typeof submitBurnTransactionRequest>;
export interface SubmitBurnTransactionResponse extends ApiResult {
  signature?: string;
  signatures?: string[];
  /** Rent of the closed accounts: SOL, and exact lamports (the service fee is `serviceFeeLamports`). */
  recoveredRent?: number;
  recoveredRentLamports?: number;
  serviceFeeLamports?: number;
  accountCount?: number;
  /** Of recoveredRentLamports: SOL above rent withdrawn from accounts the owner keeps, and from how many. */
  surplusRecoveredLamports?: number;
  surplusAccountCount?: number;
  /** Of recoveredRentLamports: lamports from the recovery sources of POST /api/prepare-recovery (stake, buffers…). */
  sourcesRecoveredLamports?: number;
  ownerBalanceChangeLamports?: number;
  feeWalletBalanceChangeLamports?: number;
}
