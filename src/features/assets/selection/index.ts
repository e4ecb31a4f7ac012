// The selection feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export { LazyAssetGrid } from './lazyAssetGrid';
export {
  assetsDeselected,
  bulkModeSet,
  selectBulkMode,
  selectSelectedCnftIds,
  selectSelectedCounts,
  selectSelectedNftMints,
  selectSelectedTokenMints,
  selectionCleared,
} from './selectionSlice';
export { AssetsStatusLine } from './AssetsStatusLine';
export { SelectedAssetsPanel } from './SelectedAssetsPanel';
export { AssetSection } from './AssetSection';
export { assetSelectionToggled, selectIsSelected } from './selectionSlice';
