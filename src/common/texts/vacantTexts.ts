// Vacant (empty) token accounts: the banner and its alerts.
import { SHARED_TEXTS } from './sharedTexts';

// docs/PRODUCT.md#vacant-accounts-banner Vacant-accounts banner
export const VACANT = {
  processing: 'PROCESSING...',
  reset: 'Reset',
  recoverButton: 'Recover rent', // ours
  dismiss: SHARED_TEXTS.dismiss, // ours: closes the in-page report
} as const;
export const vacantBannerText = (count: number, sol: string): string =>
  `${count} vacant token account${count === 1 ? '' : 's'} found: ${sol} SOL recoverable`; // ours
/** The in-page success report (PRODUCT difference 18: no native alert, no reload); the signatures are listed below it. */
export const vacantSuccessReport = (count: number, sol: string): string =>
  `Closed ${count} empty token account${count === 1 ? '' : 's'}: +${sol} SOL to your wallet, after the service fee and the network fee.`; // ours
/** The same when kept accounts' SOL above rent came back too: the surplus is named, apart from the closed accounts' rent. */
export const vacantWithSurplusReport = (count: number, kept: number, surplusSol: string, sol: string): string =>
  `Closed ${count} empty token account${count === 1 ? '' : 's'} and withdrew ${surplusSol} SOL held above rent in ${kept} account${kept === 1 ? '' : 's'} you keep: +${sol} SOL to your wallet, after the service fee and the network fee.`; // ours
/** A submit that stopped part-way: the server's reason, then what landed (the report after it says what came back). */
export const vacantLandedPartWay = (reason: string, landed: number, total: number): string =>
  `${reason} ${landed} of ${total} transactions landed; the other ${total - landed} did not.`; // ours
export const vacantBannerWithSurplus = (count: number, sol: string): string =>
  `${count} vacant token account${count === 1 ? '' : 's'} found: ${sol} SOL recoverable with the SOL held above rent`; // ours

// docs/PRODUCT.md#error-texts Vacant burn (alerts)
export const VACANT_ERRORS = {
  fetchFailed: 'Failed to fetch vacant accounts',
  noneFound: 'No vacant accounts found to burn.',
  cancelled: 'Transaction was cancelled.',
  cancelledByUser: 'Transaction was cancelled by user.',
  unknown: 'Unknown error occurred',
  insufficientFunds: 'Insufficient SOL to pay for transaction fees.',
  expired: 'Transaction expired. Please try again.',
  reviewCancelled: 'Cancelled. Nothing was closed.', // ours: the review step's Cancel
} as const;
export const vacantFetchError = (error: string): string => `Error: ${error}`;
export const vacantPrepareError = (detail: string): string => `Error preparing transactions: ${detail}`;
export const vacantSubmitError = (error: string): string => `Transaction failed: ${error}`;
export const vacantBurnFailed = (message: string): string => `Failed to burn vacant accounts: ${message}`;

/** Ours: the server-built transactions' blockhash ran out part-way; the rest is prepared again and asked for. */
export const VACANT_CONTINUE = {
  continuing: (landed: number, time: number) =>
    `The approved transactions ran out of time before all were sent (a transaction stays valid for about a minute). ${landed} transaction${landed === 1 ? '' : 's'} landed. Preparing the rest again from the chain and asking for it now (continuation ${time}).`,
} as const;
