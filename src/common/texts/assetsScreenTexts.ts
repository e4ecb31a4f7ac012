// Ours (PRODUCT, the page): the assets screen's own texts beyond the spec — phone layout, bulk tools, review step,
// landing, read-only check.
import { SHARED_TEXTS } from './sharedTexts';
import { KIND_HIDE } from './kindTexts';
import { wrappedSolTexts } from '../../chain/recovery/sources/wrappedSol/texts';

/**
 * The flows the one fee statement names, in its own words (docs/PRODUCT.md#fees): those that carry the 1% service fee
 * and those that carry none. The landing page's cost line is made of them, and an e2e opens every one's review.
 */
export const FEE_FLOWS = {
  carried: {
    vacant: 'closes empty accounts',
    surplus: 'withdraws the SOL held above rent',
    moreSol:
      'recovers More SOL (stake, program buffers, nonce accounts, lookup tables, closable mints, wrapped SOL, open orders, Pump.fun rewards; never on your own unstaked or unwrapped SOL)',
    nfts: 'burns two or more NFTs together',
  },
  none: {
    tokens: 'Token burns',
    nftAlone: 'one NFT burned alone (by its Burn button or selected alone)',
    revoke: 'revoking an approval',
  },
} as const;
/** "a, b or c" */
const listed = (items: readonly string[], last: string) =>
  `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;

export const ASSETS_SCREEN = {
  nothingToRecover: 'Nothing to recover in this wallet yet', // empty or new wallet (the server's 404 = no account)
  nothingToRecoverHint: 'No token accounts, NFTs or empty accounts hold rent here.',
  walletBalance: 'Wallet balance',
  connectRejected: 'The wallet did not connect. Nothing was shared; you can try again.',
  // The wallet list (our dialog on the wallet adapter's state; its title and labels are the adapter's own words)
  connectDialogTitle: 'Connect a wallet on Solana to continue',
  connectDialogNoWallet: "You'll need a wallet on Solana to continue",
  connectDialogClose: SHARED_TEXTS.close,
  connectDialogDetected: 'Detected',
  connectDialogMore: 'More options',
  connectDialogLess: 'Less options',
  unwrap: 'Unwrap',
  unwrapTitle: 'Wrapped SOL unwrapped',
  unwrapNote: 'Wrapped SOL is your own SOL: closing the account unwraps it, it is not recovered rent.',
  noServiceFeeTokens: 'Token burns carry no service fee.',
  serviceFeeNfts: 'Two or more NFTs burned together carry the 1% service fee (one NFT alone carries none).',
  serviceFeeVacant: 'Closing empty accounts carries the 1% service fee.',
  cnftsNoRent: SHARED_TEXTS.cnftsNoRent,
  // Review step
  reviewTitle: 'Review before signing',
  reviewDestroyed: 'Will be destroyed',
  reviewUnwrapped: 'Will be unwrapped (your own SOL back)',
  reviewRent: 'Rent back',
  reviewServiceFee: 'Service fee (1%)',
  reviewNetworkFee: 'Network fee',
  reviewNetworkFeeRelayed:
    "Network fee, repaid to SolBack's relayer (a relayed transaction carries two signatures, so twice the usual fee)",
  reviewClosed: 'Empty accounts closed',
  reviewLeftAlone: SHARED_TEXTS.leftAlone,
  reviewSurplus: 'SOL above rent withdrawn from accounts you keep',
  reviewPrincipal: 'Your own SOL back, unstaked or unwrapped (not rent: no fee on it)',
  reviewRewards: 'Rewards claimed (Pump.fun creator fees, cashback)',
  reviewSolChange: 'Your SOL balance changes by',
  reviewSimulated: 'The chain simulated these transactions just now and agrees; nothing is signed until you confirm.',
  reviewSimulationDiffers: (sol: string, negative: boolean): string =>
    `The chain's simulation shows ${negative ? '−' : '+'}${sol} SOL for your balance (programs it does not run in simulation leave their refunds out).`,
  reviewTransactions: (n: number): string => `${n} transaction${n === 1 ? '' : 's'}, one wallet approval`,
  reviewConfirm: 'Confirm and sign',
  reviewCancel: SHARED_TEXTS.cancel,
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
  filterUnwrap: wrappedSolTexts.name, // the wrapped SOL source's own label
  noneMatch: 'Nothing here matches the search or filter.',
  shownOf: (shown: number, total: number): string => `${shown} of ${total} shown`,
  // cNFT texts that match the buttons, and cNFT actions in Recent Activity
  cnftBadge: 'No rent back: trash or burn it here',
  cnftsSelectedNote:
    "Selected cNFTs are not in the burn buttons above: use 'Trash selected' in the Compressed NFTs section.",
  cnftTrashedTitle: 'cNFT sent to the trash wallet',
  cnftBurnedTitle: 'cNFT burned',
  cnftHiddenTitle: 'cNFT hidden (not moved)',
  cnftQueueTitle: (n: number): string => `${n} cNFT${n === 1 ? '' : 's'} trashed by the queue`,
  // Left alone + hidden
  leftAloneTitle: SHARED_TEXTS.leftAlone,
  leftAloneHint: 'Accounts skipped on purpose, each with its reason.',
  hiddenTitle: 'Hidden items',
  frozenLabel: 'Frozen by its mint: cannot be burned',
  hide: KIND_HIDE,
  showAgain: 'Show again',
  // Landing
  landingWhat:
    'SolBack closes token accounts you no longer need and burns unwanted tokens and NFTs, so the rent they hold comes back to your wallet.',
  // The one fee statement: README and docs/PRODUCT.md#fees quote it word for word (a unit test compares them).
  landingCost: `Cost: a 1% service fee on the SOL that comes back when SolBack ${listed(Object.values(FEE_FLOWS.carried), 'or')}. ${listed(Object.values(FEE_FLOWS.none), 'and')} carry none. Network fees are paid as usual.`,
  landingKeys:
    'Your keys never leave your wallet: every transaction is checked in this page and signed by your wallet.',
  checkTitle: 'Check any address (read only)',
  checkPlaceholder: 'Paste a Solana address',
  checkButton: 'Check',
  checkInvalid: 'That is not a Solana address.',
  checkReadOnly: 'Read only: connect this wallet to act on it.',
} as const;
/** `sol` is the wallet's change as the chain recorded it: the account's SOL unwrapped, less the network fee. */
export const unwrapSuccess = (sol: string, unwrapped: string, networkFee: string, shortSignature: string): string =>
  `Unwrapped ${unwrapped} SOL back to your wallet (your own SOL, not recovered rent), less the ${networkFee} SOL network fee: ${sol} SOL. Signature: ${shortSignature}`; // ours
export const unwrappedAlso = (sol: string): string =>
  `${sol} SOL of wrapped SOL unwrapped (your own SOL, not recovered rent).`; // ours
export const leftAloneText = (
  reason: 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority',
  party?: string,
): string =>
  ({
    'wrapped-sol':
      'Wrapped SOL: your own SOL, not rent. Unwrap it on its card, or tick it in "More SOL in your wallet", to get it and its rent back as SOL.',
    frozen: 'Frozen by its mint: the token program refuses to burn its tokens, so it cannot be closed either.',
    delegated: `Delegated to ${party ?? 'another address'}: closing it would cancel a permission you gave.`,
    'close-authority': `Only ${party ?? 'another address'} may close it (its close authority).`,
  })[reason]; // ours
