// Every user-facing text, quoted exactly from the spec (section in the comment). Texts the spec leaves open are
// marked "ours". A text with a placeholder is a function; '...' in the spec is where the detail goes.

export const BRAND = {
  name: 'SolBack',
  slogan: 'helping you get your sol back', // §1
} as const;

// §2.1 Wallet assets screen
export const ASSETS = {
  connectHeading: 'Connect Wallet to View Assets',
  connectedHeading: 'Your Wallet Assets',
  bulkSelectMode: 'Bulk Select Mode',
  loading: 'Loading...',
  tokensSection: 'Tokens',
  nftsSection: 'NFTs',
  cnftsSection: 'Compressed NFTs',
  noTokens: 'No tokens found in this wallet',
  noNfts: 'No NFTs found in this wallet',
  noCnfts: 'No compressed NFTs found in this wallet',
  burnButton: 'Burn',
  viewOnly: 'View Only',
  unknownCollection: 'Unknown Collection', // §3
  unknownSymbol: 'Unknown', // §3
  unknownTokenName: 'Unknown Token', // §3
} as const;

// §3 defaults derived from the mint
export const defaultTokenSymbol = (mint: string): string => mint.slice(0, 4);
export const defaultTokenName = (mint: string): string => `Token ${mint.slice(0, 8)}`;
export const defaultNftName = (mint: string): string => `NFT ${mint.slice(0, 6)}`;

// §2.2 Selected Assets panel
export const SELECTION = {
  heading: 'Selected Assets',
  burnSelectedTokens: 'Burn Selected Tokens',
  burnSelectedNfts: 'Burn Selected NFTs',
  cnftsViewOnlyNote: 'Selected cNFTs are view only (transfer disabled).', // ours, per §2.2
  emptyHint: 'Click on any asset to select it...',
} as const;
export const selectedCount = (n: number): string => `${n} selected`; // ours

// §2.3 Rent estimate card
export const RENT = {
  heading: 'Rent Return Estimate',
  loading: 'Calculating potential returns...',
  totalPotentialReturn: 'Total Potential Return',
  selectedForBurning: 'Selected for Burning',
  batchSizeLimitExceeded: 'Batch Size Limit Exceeded',
  nftAccounts: 'NFT accounts', // ours (breakdown labels)
  tokenAccounts: 'Token accounts',
  vacantAccounts: 'Vacant accounts',
  tokens: 'Tokens',
  nfts: 'NFTs',
  cnfts: 'cNFTs',
  rentPerTokenAccount: 'Rent per token account', // ours
  rentPerNft: 'Rent per NFT', // ours
  serviceFeeNote: 'After the 1% service fee', // ours
  cnftsNoRentNote: "cNFTs don't return rent", // §2.3 note
} as const;

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

// §2.5 Recent Activity panel
export const ACTIVITY = {
  heading: 'Recent Activity',
  totalRecoveredToday: 'Total Recovered Today',
  transactions: 'Transactions',
  empty: 'No recent activity',
  emptyHint: 'Your successful burns will appear here',
  justNow: 'just now',
} as const;
export const minutesAgo = (n: number): string => `${n}m ago`;
export const hoursAgo = (n: number): string => `${n}h ago`;
export const daysAgo = (n: number): string => `${n}d ago`;

// §2.6 Fallback error screen
export const FALLBACK = {
  heading: 'Something went wrong',
  technicalDetails: 'Technical details', // ours
  refresh: 'Refresh Page',
} as const;

// §4.2 success messages and links
export const SUCCESS = {
  viewTransaction: 'View transaction',
  viewOnExplorer: 'View on explorer',
  viewOnSolanaExplorer: 'View on Solana Explorer',
} as const;
export const burnSuccess = (what: string, sol: string, shortSignature: string): string =>
  `Burned ${what}. ${sol} SOL returned to your wallet. Signature: ${shortSignature}`; // ours, contents per §4.2
export const remainingTokensMessage = (n: number): string =>
  `${n} token${n === 1 ? '' : 's'} remain selected. Click 'Burn Selected Tokens' again to burn them.`; // ours, §4.3
export const remainingNftsMessage = (n: number): string =>
  `${n} NFT${n === 1 ? '' : 's'} remain selected: your wallet signs one transaction at a time. Click 'Burn Selected NFTs' again to burn them.`; // ours, PRODUCT difference 6 fallback

// §2.7 Advanced cNFT Trash (robust method)
export const ROBUST_MODAL = {
  title: 'Advanced cNFT Trash',
  privateKeyLabel: 'Wallet private key (base58)', // ours
  derivedAddress: 'Wallet address', // ours
  cancel: 'Cancel',
  confirm: 'Confirm Trash',
  viewOnExplorer: 'View on explorer',
} as const;

// §2.8 Send cNFT to Trash (direct)
export const DIRECT_MODAL = {
  title: 'Send cNFT to Trash',
  standardMethod: 'Standard Method',
  recommended: 'Recommended',
  robustMethod: 'Robust Method',
  alternative: 'Alternative',
  info: 'The cNFT is transferred to the project trash wallet. This is irreversible and is not a burn.', // ours, per §2.8
  send: 'Send to Trash',
  tryRobust: 'Try Robust Method',
  cancel: 'Cancel',
  loading: 'Sending to trash...', // ours
  tryRobustSuggestion: 'You can try the Robust Method instead.', // ours
} as const;

// §2.9 Queued cNFT Trash Operation
export const QUEUE_MODAL = {
  title: 'Queued cNFT Trash Operation',
  start: 'Start Transfer',
  cancel: 'Cancel Transfer',
  close: 'Close',
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
export const queueAuthorizeMessage = (queueId: string): string => `Authorize cNFT queue transfer: ${queueId}`; // §7.5

// §2.10 Delegated Transfer
export const DELEGATED_MODAL = {
  title: 'Delegated Transfer',
  transfer: 'Transfer to Trash Collection',
  signing: 'Please sign the message with your wallet...',
  transferring: 'Processing transfer...',
  success: 'Transfer successful!',
  viewOnSolanaExplorer: 'View on Solana Explorer',
  delegate: 'Delegate', // ours
} as const;

// §4.6 cNFT burn outcomes
export const CNFT_OUTCOMES = {
  assumedSuccess: 'Transaction submitted but confirmation timed out. Check explorer for status.',
  basicFallbackHidden: 'The asset is hidden from this list, not moved.', // ours, PRODUCT difference 8
} as const;

// §5 Validation
export const VALIDATION = {
  connectWalletFirst: 'Please connect your wallet first',
  walletRequiredTokens: 'Wallet connection required for burning tokens',
  walletRequiredNfts: 'Wallet connection required for burning NFTs', // spec: '... for burning NFTs'
  nftTokenAccountMissing: 'Could not find the token account for this NFT',
  noValidNfts: 'No valid NFTs found to burn',
  selectFewerAssets: 'Please select fewer assets to burn them in a single transaction',
  noVacantAccounts: 'No vacant accounts found to burn.',
  invalidPrivateKeyFormat: 'Invalid private key format',
  walletNotConnected: 'Wallet not connected',
  noAssetsSelected: 'No assets selected for transfer',
  signingMethodUnsupported: 'Your wallet does not support the required signing method',
  noAssetIds: 'No asset IDs provided for batch transfer',
  assetIdRequired: 'Asset ID is required',
  walletRequiredSigning: 'Wallet connection required for signing',
} as const;
export const batchLimitFromServer = (error: string, n: number): string => `${error} Please select ${n} or fewer NFTs.`;
export const invalidPrivateKey = (reason: string): string => `Invalid private key: ${reason}`;

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

// §8.2 Rent estimate
export const RENT_ERRORS = {
  failed: 'Failed to calculate rent estimate',
  timeout: 'Request timed out - please try again',
  walletNotFound: 'Wallet address not found',
  unavailable: 'Unable to fetch rent estimate',
} as const;

// §8.3 Token and NFT burns
export const BURN_ERRORS = {
  cancelledToken: 'Transaction was cancelled. Please try again if you want to burn this token.',
  cancelledNft: 'Transaction was cancelled. Please try again if you want to burn this NFT.', // spec: '... this NFT.'
  cancelledBulk: 'Transaction was cancelled. No tokens were burned.',
  feeIssue: "Transaction failed due to network fee issues. We've updated the app to fix this. Please try again.",
  walletConnection: 'Wallet connection error. Please check your wallet and try again.',
  couldNotAddTokens: 'Could not add any tokens to the transaction. Please try again or burn individually.',
} as const;
export const errorBurningToken = (detail: string): string => `Error burning token: ${detail}`;
export const errorBurningNft = (detail: string): string => `Error burning NFT: ${detail}`;
export const errorBurningTokens = (detail: string): string => `Error burning tokens: ${detail}`;
export const errorInBulkBurn = (detail: string): string => `Error in bulk burn operation: ${detail}`;
export const errorInSigning = (detail: string): string => `Error in transaction signing: ${detail}`;
export const serverError = (statusText: string): string => `Server error: ${statusText}`;
export const errorFetchingTokens = (detail: string): string => `Error fetching tokens: ${detail}`; // §4.1
export const errorFetchingNfts = (detail: string): string => `Error fetching NFTs: ${detail}`; // §4.1

// §8.4 cNFT trashing
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
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  proofVerificationFailed:
    'Proof data verification failed. This can happen when blockchain data is inconsistent. Please try again in a few minutes.',
  batchProofFailed: 'Batch transfer failed proof validation. Try a smaller batch or individual transfers.', // ours: wording not shown
  apiConnectionIssue: 'API connection issue - please try again',
  unexpected: 'An unexpected error occurred.',
  failedToTransfer: 'Failed to transfer cNFT.',
} as const;
export const proofDataFailed = (detail: string): string => `Failed to get proof data ${detail}`;
export const allTrashMethodsFailed = (reasons: string[]): string => `All trash methods failed: ${reasons.join('; ')}`;
export const signingFailed = (detail: string): string => `Signing failed: ${detail}`;
export const transferFailed = (proofAvailable: boolean): string =>
  proofAvailable ? CNFT_ERRORS.transferFailed : CNFT_ERRORS.transferFailed + CNFT_ERRORS.noProofSuffix;

// PRODUCT differences: where we do better than the spec
export const GUARD = {
  mismatch: 'This transaction does not match what you asked for. Nothing was signed.',
  privateKeysRefused: 'Private keys are never accepted by this server. The robust method signs in your browser.',
} as const;

// Issue 19 (ours): a screen that tells the truth, phone layout, bulk tools, review step, landing, read-only check.
export const TRUTH = {
  nothingToRecover: 'Nothing to recover in this wallet yet', // empty or new wallet (the server's 404 = no account)
  nothingToRecoverHint: 'No token accounts, NFTs or empty accounts hold rent here.',
  walletBalance: 'Wallet balance',
  connectRejected: 'The wallet did not connect. Nothing was shared; you can try again.',
  unwrap: 'Unwrap',
  unwrapTitle: 'Wrapped SOL unwrapped',
  unwrapNote: 'Wrapped SOL is your own SOL: closing the account unwraps it, it is not recovered rent.',
  noServiceFeeTokens: 'Token burns carry no service fee.',
  serviceFeeNfts: 'Bulk NFT burns carry the 1% service fee (a single NFT burn carries none).',
  serviceFeeVacant: 'Closing empty accounts carries the 1% service fee.',
  cnftsNoRent: "cNFTs don't return rent",
  // Review step
  reviewTitle: 'Review before signing',
  reviewDestroyed: 'Will be destroyed',
  reviewUnwrapped: 'Will be unwrapped (your own SOL back)',
  reviewRent: 'Rent back',
  reviewServiceFee: 'Service fee (1%)',
  reviewNetworkFee: 'Network fee',
  reviewSolChange: 'Your SOL balance changes by',
  reviewSimulated: 'The chain simulated these transactions just now and agrees; nothing is signed until you confirm.',
  reviewSimulationDiffers: (sol: string, negative: boolean): string =>
    `The chain's simulation shows ${negative ? '−' : '+'}${sol} SOL for your balance (programs it does not run in simulation leave their refunds out).`,
  reviewTransactions: (n: number): string => `${n} transaction${n === 1 ? '' : 's'}, one wallet approval`,
  reviewConfirm: 'Confirm and sign',
  reviewCancel: 'Cancel',
  reviewCancelled: 'Cancelled. Nothing was burned.',
  reviewSimulationFailed: (detail: string): string =>
    `The chain refused this burn in simulation: ${detail}. Nothing was signed.`,
  // Bulk tools
  search: 'Search by name, symbol or mint',
  selectAll: (n: number): string => `Select all (${n})`,
  clearSelection: 'Clear selection',
  sortBy: 'Sort by',
  sortDefault: 'Wallet order',
  sortName: 'Name',
  sortSolBack: 'SOL back',
  sortValue: 'Value',
  filterKind: 'Show',
  filterAll: 'All',
  filterBurnable: 'Unlabelled',
  filterSpam: 'Spam-labelled',
  spamLinkInName: 'Link in name',
  spamBidi: 'Hidden direction characters',
  filterUnwrap: 'Wrapped SOL',
  noneMatch: 'Nothing here matches the search or filter.',
  shownOf: (shown: number, total: number): string => `${shown} of ${total} shown`,
  // cNFT texts that match the buttons (point 8) and cNFT actions in Recent Activity (point 11)
  cnftBadge: 'No rent back: trash or burn it here',
  cnftsSelectedNote:
    "Selected cNFTs are not in the burn buttons above: use 'Trash selected' in the Compressed NFTs section.",
  cnftTrashedTitle: 'cNFT sent to the trash wallet',
  cnftBurnedTitle: 'cNFT burned',
  cnftHiddenTitle: 'cNFT hidden (not moved)',
  cnftQueueTitle: (n: number): string => `${n} cNFT${n === 1 ? '' : 's'} trashed by the queue`,
  // Left alone + hidden
  leftAloneTitle: 'Left alone',
  leftAloneHint: 'Accounts skipped on purpose, each with its reason.',
  hiddenTitle: 'Hidden items',
  frozenLabel: 'Frozen by its mint: cannot be burned',
  hide: 'Hide',
  showAgain: 'Show again',
  // Landing
  landingWhat:
    'SolBack closes token accounts you no longer need and burns unwanted tokens and NFTs, so the rent they hold comes back to your wallet.',
  landingCost:
    'Cost: a 1% service fee on the rent returned by closing empty accounts and by bulk NFT burns; single burns and token burns carry none. Network fees are paid as usual.',
  landingKeys:
    'Your keys never leave your wallet: every transaction is checked in this page and signed by your wallet.',
  checkTitle: 'Check any address (read only)',
  checkPlaceholder: 'Paste a Solana address',
  checkButton: 'Check',
  checkInvalid: 'That is not a Solana address.',
  checkReadOnly: 'Read only: connect this wallet to act on it.',
} as const;
export const unwrapSuccess = (sol: string, shortSignature: string): string =>
  `Unwrapped ${sol} SOL back to your wallet (your own SOL, not recovered rent). Signature: ${shortSignature}`; // ours
export const unwrappedAlso = (sol: string): string =>
  `${sol} SOL of wrapped SOL unwrapped (your own SOL, not recovered rent).`; // ours
export const leftAloneText = (
  reason: 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority',
  party?: string,
): string =>
  ({
    'wrapped-sol': 'Wrapped SOL: your own SOL, not rent. Use Unwrap on its card if you want it back as SOL.',
    frozen: 'Frozen by its mint: the token program refuses to burn or close it.',
    delegated: `Delegated to ${party ?? 'another address'}: closing it would cancel a permission you gave.`,
    'close-authority': `Only ${party ?? 'another address'} may close it (its close authority).`,
  })[reason]; // ours
export const queueCancelledReport = (moved: number, inFlight: number, failed: number): string =>
  `Cancelled. The server had already moved ${moved} cNFT${moved === 1 ? '' : 's'} to the trash wallet` +
  (inFlight > 0 ? `; ${inFlight} was being sent and will finish or fail on its own` : '') +
  (failed > 0 ? `; ${failed} failed` : '') +
  '. The rest were not touched.'; // ours, issue 19 point 1: the cancel answer's real status
