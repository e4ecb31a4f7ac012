import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { shownNfts } from '../assetTools/assetToolsSelectors';
import { selectNfts } from './nftsSlice';

// Input selectors wrapped for the reason in tokens/shownTokens.ts.
// An NFT its program will not let go, once hidden, leaves the list like a trashed cNFT (PRODUCT difference 12).
/** The NFT list as the section shows it: hidden ones out, then the section's search, filter and sort. */
export const selectShownNfts = createSelector(
  [
    (s: RootState) => selectNfts(s),
    (s: RootState) => s.assetTools.nft,
    (s: RootState) => s.selectionRent.nfts,
    (s: RootState) => s.hiddenAssets.ids,
  ],
  (nfts, tools, rents, hidden) => {
    const gone = new Set(hidden);
    return shownNfts(hidden.length ? nfts.filter((n) => !gone.has(n.mint)) : nfts, tools, rents);
  },
);
