import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { shownNfts } from '../assetTools/assetToolsSelectors';
import { selectVisibleCnfts } from './cnftsSlice';

// Input selectors wrapped for the reason in tokens/shownTokens.ts.
/** The cNFT list as the section shows it: the section's search, filter and sort over the visible cNFTs. */
export const selectShownCnfts = createSelector(
  [(s: RootState) => selectVisibleCnfts(s), (s: RootState) => s.assetTools.cnft],
  (cnfts, tools) => shownNfts(cnfts, tools, {}),
);
