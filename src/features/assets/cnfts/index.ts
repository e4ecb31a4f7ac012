// The cnfts feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export { leftOutCounts, splitMovable } from './cnftMovable';
export { cnftsApi } from './cnftsApi';
export { selectCnfts, selectCnftsLoading, selectVisibleCnfts } from './cnftsSlice';
export { selectShownCnfts } from './shownCnfts';
