// The tokens feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export type { Token } from './tokenModel';
export { useGetWalletTokensQuery } from './tokensApi';
export { selectSolPriceUsd, selectTokens } from './tokensSlice';
export { TokensSection } from './TokensSection';
