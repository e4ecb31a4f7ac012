// The nfts feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export type { Cnft } from './nftModel';
export { nftsApi, useGetWalletNftsQuery } from './nftsApi';
export { selectNfts } from './nftsSlice';
export { NftsSection } from './NftsSection';
