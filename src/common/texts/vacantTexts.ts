// Vacant (empty) token accounts: the banner and its alerts.

// §2.4 Vacant-accounts banner
export const VACANT = {
  processing: 'PROCESSING...',
  reset: 'Reset',
  recoverButton: 'Recover rent', // ours
} as const;
export const vacantBannerText = (count: number, sol: string): string =>
  `${count} vacant token account${count === 1 ? '' : 's'} found: ${sol} SOL recoverable`; // ours
export const vacantSuccessAlert = (count: number, sol: string, signature: string): string =>
  `Burned ${count} vacant account${count === 1 ? '' : 's'} and recovered ${sol} SOL. Signature: ${signature}. The page will refresh.`; // ours, contents per §8.1

// §8.1 Vacant burn (alerts)
export const VACANT_ERRORS = {
  fetchFailed: 'Failed to fetch vacant accounts',
  noneFound: 'No vacant accounts found to burn.',
  cancelled: 'Transaction was cancelled.',
  cancelledByUser: 'Transaction was cancelled by user.',
  unknown: 'Unknown error occurred',
  insufficientFunds: 'Insufficient SOL to pay for transaction fees.',
  expired: 'Transaction expired. Please try again.',
} as const;
export const vacantFetchError = (error: string): string => `Error: ${error}`;
export const vacantPrepareError = (detail: string): string => `Error preparing transactions: ${detail}`;
export const vacantSubmitError = (error: string): string => `Transaction failed: ${error}`;
export const vacantBurnFailed = (message: string): string => `Failed to burn vacant accounts: ${message}`;
