// The cnfts feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export { splitMovable } from './cnftMovable';
export { cnftsApi } from './cnftsApi';
export { selectCnfts } from './cnftsSlice';
export { CnftsSection } from './CnftsSection';
