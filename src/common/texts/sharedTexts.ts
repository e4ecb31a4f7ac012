// Words that several screens show, written once; each screen's list names them (the catalogue holds a text once).
export const SHARED_TEXTS = {
  close: 'Close',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  leftAlone: 'Left alone',
  tokens: 'Tokens',
  nfts: 'NFTs',
  viewOnExplorer: 'View on explorer',
  viewOnSolanaExplorer: 'View on Solana Explorer',
  cnftsNoRent: "cNFTs don't return rent", // docs/PRODUCT.md#rent-estimate-card note
} as const;

/** docs/PRODUCT.md#error-texts: a rate limit, the page's own or the server's answer. */
export const RATE_LIMITED = 'Too many requests. Please wait a moment and try again.';
