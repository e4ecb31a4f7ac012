// The assets screen's own texts: headings, sections, defaults derived from the mint, the Selected Assets panel,
// Recent Activity and the fallback error screen.
import { ageOf } from '../../chain/format';
import { SHARED_TEXTS } from './sharedTexts';

// docs/PRODUCT.md#assets-screen Wallet assets screen
export const ASSETS = {
  connectHeading: 'Connect Wallet to View Assets',
  logoAlt: 'SolBack logo', // ours
  connectedHeading: 'Your Wallet Assets',
  bulkSelectMode: 'Bulk Select Mode',
  loading: 'Loading...',
  /** The wallet adapter's own button labels (WalletMultiButton), shown by the landing's stand-in before its code loads. */
  selectWallet: 'Select Wallet',
  connectRememberedWallet: 'Connect',
  tokensSection: SHARED_TEXTS.tokens,
  nftsSection: SHARED_TEXTS.nfts,
  cnftsSection: 'Compressed NFTs',
  noTokens: 'No tokens found in this wallet',
  noNfts: 'No NFTs found in this wallet',
  noCnfts: 'No compressed NFTs found in this wallet',
  burnButton: 'Burn',
  viewOnly: 'View Only',
  unknownCollection: 'Unknown Collection', // docs/PRODUCT.md#data-and-defaults
  unknownSymbol: 'Unknown', // docs/PRODUCT.md#data-and-defaults
  unknownTokenName: 'Unknown Token', // docs/PRODUCT.md#data-and-defaults
} as const;

// docs/PRODUCT.md#data-and-defaults defaults derived from the mint
export const defaultTokenSymbol = (mint: string): string => mint.slice(0, 4);
export const defaultTokenName = (mint: string): string => `Token ${mint.slice(0, 8)}`;
export const defaultNftName = (mint: string): string => `NFT ${mint.slice(0, 6)}`;

// docs/PRODUCT.md#selected-assets-panel Selected Assets panel
export const SELECTION = {
  heading: 'Selected Assets',
  burnSelectedTokens: 'Burn Selected Tokens',
  burnSelectedNfts: 'Burn Selected NFTs',
  cnftsViewOnlyNote: 'Selected cNFTs are view only (transfer disabled).', // ours, per docs/PRODUCT.md#selected-assets-panel
  emptyHint: 'Click on any asset to select it...',
  /** ours: what the selection holds, by kind */
  breakdown: (tokens: number, nfts: number, cnfts: number): string =>
    `${tokens} ${tokens === 1 ? 'token' : 'tokens'} · ${nfts} ${nfts === 1 ? 'NFT' : 'NFTs'} · ${cnfts} ${cnfts === 1 ? 'cNFT' : 'cNFTs'}`,
} as const;
export const selectedCount = (n: number): string => `${n} selected`; // ours

// docs/PRODUCT.md#recent-activity Recent Activity panel
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
/** 'just now', 'Nm ago', 'Nh ago', 'Nd ago' (docs/PRODUCT.md#figures-and-limits) for a time, bucketed by src/chain/format.ts `ageOf`. */
export function relativeTime(timestamp: number, now: number = Date.now()): string {
  const age = ageOf(timestamp, now);
  if (age.unit === 'now') return ACTIVITY.justNow;
  return { minutes: minutesAgo, hours: hoursAgo, days: daysAgo }[age.unit](age.count);
}

// docs/PRODUCT.md#fallback-screen Fallback error screen
export const FALLBACK = {
  heading: 'Something went wrong',
  technicalDetails: 'Technical details', // ours
  refresh: 'Refresh Page',
} as const;
