// The cnftTrees feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export { selectTooDeepTrees } from './cnftTreesSlice';
export { TreeTooDeepLabel } from './TreeTooDeepLabel';
