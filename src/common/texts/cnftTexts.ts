// cNFT trash: the four ways' modals, their outcomes and failures, and the queue's cancel report.
import { RATE_LIMITED, SHARED_TEXTS } from './sharedTexts';

// docs/PRODUCT.md#advanced-cnft-trash Advanced cNFT Trash (robust method)
export const ROBUST_MODAL = {
  title: 'Advanced cNFT Trash',
  privateKeyLabel: 'Wallet private key (base58)', // ours
  derivedAddress: 'Wallet address', // ours
  cancel: SHARED_TEXTS.cancel,
  confirm: 'Confirm Trash',
  viewOnExplorer: SHARED_TEXTS.viewOnExplorer,
} as const;

// docs/PRODUCT.md#send-cnft-to-trash Send cNFT to Trash (direct)
export const DIRECT_MODAL = {
  title: 'Send cNFT to Trash',
  standardMethod: 'Standard Method',
  recommended: 'Recommended',
  robustMethod: 'Robust Method',
  alternative: 'Alternative',
  info: 'The cNFT is transferred to the project trash wallet. This is irreversible and is not a burn.', // ours, per docs/PRODUCT.md#send-cnft-to-trash
  send: 'Send to Trash',
  tryRobust: 'Try Robust Method',
  cancel: SHARED_TEXTS.cancel,
  loading: 'Sending to trash...', // ours
  tryRobustSuggestion: 'You can try the Robust Method instead.', // ours
} as const;

// docs/PRODUCT.md#queued-cnft-trash Queued cNFT Trash Operation
export const QUEUE_MODAL = {
  title: 'Queued cNFT Trash Operation',
  start: 'Start Transfer',
  cancel: 'Cancel Transfer',
  close: SHARED_TEXTS.close,
  pending: 'Pending', // ours (count labels)
  processing: 'Processing',
  successful: 'Successful',
  failed: 'Failed',
  creatingQueue: 'Creating transfer queue...', // ours (state lines)
  processingQueue: 'Processing transfers...',
  complete: 'Transfer complete',
  trashedAssets: 'Trashed assets', // ours
  failedAssets: 'Failed assets', // ours
} as const;
export const queueAuthorizeMessage = (queueId: string): string => `Authorize cNFT queue transfer: ${queueId}`; // docs/PRODUCT.md#server-calls

// docs/PRODUCT.md#delegated-transfer Delegated Transfer
export const DELEGATED_MODAL = {
  title: 'Delegated Transfer',
  transfer: 'Transfer to Trash Collection',
  signing: 'Please sign the message with your wallet...',
  transferring: 'Processing transfer...',
  success: 'Transfer successful!',
  viewOnSolanaExplorer: SHARED_TEXTS.viewOnSolanaExplorer,
  delegate: 'Delegate', // ours
} as const;

// docs/PRODUCT.md#trash-a-cnft cNFT burn outcomes
export const CNFT_OUTCOMES = {
  assumedSuccess: 'Transaction submitted but confirmation timed out. Check explorer for status.',
  basicFallbackHidden: 'The asset is hidden from this list, not moved.', // ours, PRODUCT difference 8
} as const;

// docs/PRODUCT.md#error-texts cNFT trashing
export const CNFT_ERRORS = {
  cancelledByUser: 'Transaction was cancelled by the user',
  proofFetchFailed: 'Failed to fetch required proof data after multiple attempts',
  proofFetchNotification: 'Error Fetching Proof Data',
  walletMissingSign: 'Wallet not connected or missing signTransaction method',
  invalidProofForBurn: 'Missing or invalid proof data for cNFT burn operation.',
  missingCompression: 'Asset data missing required compression information',
  missingTree: 'Missing tree address in asset data...',
  serverBurnFailed: 'Server burn request failed',
  moduleUnavailable: 'Working CNFT transfer module not available',
  queueCreateFailed: 'Failed to create transfer queue',
  queueAuthorizeFailed: 'Failed to authorize transfer queue',
  queueStatusFailed: 'Failed to fetch queue status',
  delegationInfoFailed: 'Could not fetch delegation information for this asset.',
  transferFailed: 'Transfer failed',
  noProofSuffix: ' Blockchain data might be temporarily unavailable. Please try again in a few minutes.',
  timeout: 'Transfer request timed out. The network might be congested. Please try again.',
  rateLimited: RATE_LIMITED,
  proofVerificationFailed:
    'Proof data verification failed. This can happen when blockchain data is inconsistent. Please try again in a few minutes.',
  batchProofFailed: 'Batch transfer failed proof validation. Try a smaller batch or individual transfers.', // ours: wording not shown
  apiConnectionIssue: 'API connection issue - please try again',
  unexpected: 'An unexpected error occurred.',
  failedToTransfer: 'Failed to transfer cNFT.',
} as const;
export const allTrashMethodsFailed = (reasons: string[]): string => `All trash methods failed: ${reasons.join('; ')}`;
export const signingFailed = (detail: string): string => `Signing failed: ${detail}`;
export const transferFailed = (proofAvailable: boolean): string =>
  proofAvailable ? CNFT_ERRORS.transferFailed : CNFT_ERRORS.transferFailed + CNFT_ERRORS.noProofSuffix;

export const queueCancelledReport = (moved: number, inFlight: number, failed: number): string =>
  `Cancelled. The server had already moved ${moved} cNFT${moved === 1 ? '' : 's'} to the trash wallet` +
  (inFlight > 0 ? `; ${inFlight} was being sent and will finish or fail on its own` : '') +
  (failed > 0 ? `; ${failed} failed` : '') +
  '. The rest were not touched.'; // ours (PRODUCT, the flows: trash a cNFT): the cancel answer's real status
