import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { HiddenAssetsState } from '../hiddenAssets/hiddenAssetsSlice';
import type { Cnft } from '../nfts/nftModel';
import { nftsLoadFailed, nftsLoadStarted, nftsLoaded } from '../nfts/nftsSlice';
import { walletDisconnected } from '../../../app/events';

// The wallet's compressed NFTs. Filled by the NFT load (nftsSlice events); trashed ones are filtered by the
// hidden-assets list in `selectVisibleCnfts`, so a trash shows at once without a reload.

export interface CnftsState {
  wallet: string | null;
  items: Cnft[];
  loading: boolean;
}

export const initialState: CnftsState = { wallet: null, items: [], loading: false };

const cnftsSlice = createSlice({
  name: 'cnfts',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(nftsLoadStarted, (_state, action) => ({ ...initialState, wallet: action.payload.wallet, loading: true }))
      .addCase(nftsLoaded, (state, action) => {
        if (state.wallet !== action.payload.wallet) return;
        state.items = action.payload.cnfts;
        state.loading = false;
      })
      .addCase(nftsLoadFailed, (state, action) => {
        if (state.wallet !== action.payload.wallet) return;
        state.items = [];
        state.loading = false;
      })
      .addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectCnfts: (state) => state.items,
    selectCnftsLoading: (state) => state.loading,
  },
});

export const { selectCnfts, selectCnftsLoading } = cnftsSlice.selectors;

export const selectVisibleCnfts = createSelector(
  [selectCnfts, (state: { hiddenAssets: HiddenAssetsState }) => state.hiddenAssets.ids],
  (items, hidden) => {
    if (hidden.length === 0) return items;
    const set = new Set(hidden);
    return items.filter((c) => !set.has(c.mint));
  },
);

export default cnftsSlice;
export { cnftsSlice };
