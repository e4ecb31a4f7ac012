// The assetTools feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export type { AssetFilter, ValueFilter } from './assetToolsSlice';
export {
  isWrappedSol,
  nftSpamLabels,
  selectAllCandidates,
  selectFrozenMints,
  shownNfts,
  shownTokens,
  tokenSpamLabels,
} from './assetToolsSelectors';
export { toolsSortSet } from './assetToolsSlice';
export { SectionToolbar } from './SectionToolbar';
