// The rent estimate card and its failures.
import { SHARED_TEXTS } from './sharedTexts';

// docs/PRODUCT.md#rent-estimate-card Rent estimate card
export const RENT = {
  heading: 'Rent Return Estimate',
  loading: 'Calculating potential returns...',
  totalPotentialReturn: 'Total Potential Return',
  selectedForBurning: 'Selected for Burning',
  batchSizeLimitExceeded: 'Batch Size Limit Exceeded',
  nftAccounts: 'NFT accounts', // ours (breakdown labels)
  tokenAccounts: 'Token accounts',
  vacantAccounts: 'Vacant accounts',
  tokens: SHARED_TEXTS.tokens,
  nfts: SHARED_TEXTS.nfts,
  cnfts: 'cNFTs',
  rentPerTokenAccount: 'Rent per token account', // ours
  rentPerNft: 'Rent per NFT', // ours
  serviceFeeNote: 'After the 1% service fee', // ours
  cnftsNoRentNote: SHARED_TEXTS.cnftsNoRent,
  /** ours: the provider answered neither DAS nor getProgramAccounts for Core assets, so they are not in the total. */
  coreNotChecked: 'Core assets: Not checked on this provider',
  /** ours: the provider would not look up a print edition's master (docs/UPSTREAM.md, "Print editions"). */
  printsNotChecked: 'Print editions: Not checked on this provider',
} as const;

// docs/PRODUCT.md#error-texts Rent estimate
export const RENT_ERRORS = {
  failed: 'Failed to calculate rent estimate',
  timeout: 'Request timed out - please try again',
  walletNotFound: 'Wallet address not found',
  unavailable: 'Unable to fetch rent estimate',
} as const;
