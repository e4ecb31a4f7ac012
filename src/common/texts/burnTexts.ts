// Token and NFT burns: success messages, links and failures.
import { SHARED_TEXTS } from './sharedTexts';

// docs/PRODUCT.md#burn-one-token-or-nft success messages and links
export const SUCCESS = {
  viewTransaction: 'View transaction',
  viewOnExplorer: SHARED_TEXTS.viewOnExplorer,
  viewOnSolanaExplorer: SHARED_TEXTS.viewOnSolanaExplorer,
  dismiss: SHARED_TEXTS.dismiss, // ours: the line stays until dismissed or the next burn (PRODUCT difference 18)
} as const;
/** `sol` is the wallet's net gain as the chain recorded it; `parts` (netParts) what it is made of. */
export const burnSuccess = (what: string, sol: string, parts: string, shortSignature: string): string =>
  `Burned ${what}. ${sol} SOL returned to your wallet (${parts}). Signature: ${shortSignature}`; // ours, contents per docs/PRODUCT.md#burn-status-line
/** A burn that landed before the chain's record of it could be read: no figure rather than an estimate (ours). */
export const burnSuccessPending = (what: string, shortSignature: string): string =>
  `Burned ${what}. The chain has not recorded the transaction yet, so the SOL your wallet gained is not shown here: open the transaction to see it. Signature: ${shortSignature}`;
/** What a net figure after success is made of: what came back, less each fee paid out of it (SOL texts). */
export const netParts = (back: string, serviceFee: string | null, networkFee: string): string =>
  serviceFee
    ? `${back} SOL rent back, less the ${serviceFee} SOL service fee and the ${networkFee} SOL network fee`
    : `${back} SOL rent back, less the ${networkFee} SOL network fee`; // ours
export const remainingTokensMessage = (n: number): string =>
  `${n} token${n === 1 ? '' : 's'} remain selected. Click 'Burn Selected Tokens' again to burn them.`; // ours, docs/PRODUCT.md#burn-selected-tokens
export const remainingNftsMessage = (n: number): string =>
  `${n} NFT${n === 1 ? '' : 's'} remain selected: your wallet signs one transaction at a time. Click 'Burn Selected NFTs' again to burn them.`; // ours, PRODUCT difference 6 fallback

// docs/PRODUCT.md#error-texts Token and NFT burns
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
export const errorFetchingTokens = (detail: string): string => `Error fetching tokens: ${detail}`; // docs/PRODUCT.md#loading
export const errorFetchingNfts = (detail: string): string => `Error fetching NFTs: ${detail}`; // docs/PRODUCT.md#loading

// ours: the review's warning before a collection NFT is burned (PRODUCT difference 18)
export const COLLECTION_WARNING = {
  title: 'You are burning a collection NFT',
  item: (name: string, members: number | null): string =>
    members === null
      ? `${name} is the collection NFT other NFTs point to.`
      : `${name} is the collection NFT of ${members} NFT${members === 1 ? '' : 's'}.`,
  hint:
    'Burning it cannot be undone. Its NFTs are not burned, but they keep pointing to a collection that no longer ' +
    'exists: marketplaces may stop showing them together, and no NFT can be added to or removed from it afterwards.',
} as const;
