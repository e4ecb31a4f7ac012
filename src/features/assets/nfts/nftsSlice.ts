import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { assetsRemoved, walletDisconnected } from '../../../app/events';
import type { Cnft, Nft } from './nftModel';

// docs/PRODUCT.md#loading NFT load. One load fills both this slice (regular NFTs) and the cnfts slice (it listens to the
// same events), because the combined server endpoint answers both lists at once.

export type NftsSource = 'combined' | 'fallback';

export interface NftsState {
  wallet: string | null;
  items: Nft[];
  loading: boolean;
  error: string | null;
  source: NftsSource | null;
  /** The server listed only part of a very large wallet (its own words), else null. */
  notice: string | null;
}

export const initialState: NftsState = {
  wallet: null,
  items: [],
  loading: false,
  error: null,
  source: null,
  notice: null,
};

const nftsSlice = createSlice({
  name: 'nfts',
  initialState,
  reducers: {
    nftsLoadStarted(_state, action: PayloadAction<{ wallet: string }>) {
      return { ...initialState, wallet: action.payload.wallet, loading: true };
    },
    nftsLoaded(
      state,
      action: PayloadAction<{
        wallet: string;
        nfts: Nft[];
        cnfts: Cnft[];
        source: NftsSource;
        error?: string | null;
        notice?: string | null;
      }>,
    ) {
      if (state.wallet !== action.payload.wallet) return;
      state.items = action.payload.nfts;
      state.notice = action.payload.notice ?? null;
      state.source = action.payload.source;
      state.error = action.payload.error ?? null;
      state.loading = false;
    },
    nftsLoadFailed(state, action: PayloadAction<{ wallet: string; error: string }>) {
      if (state.wallet !== action.payload.wallet) return;
      state.items = [];
      state.error = action.payload.error;
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
    builder.addCase(assetsRemoved, (state, action) => {
      if (action.payload.kind !== 'nft') return;
      const gone = new Set(action.payload.mints);
      state.items = state.items.filter((n) => !gone.has(n.mint));
    });
  },
  selectors: {
    selectNfts: (state) => state.items,
    selectNftsLoading: (state) => state.loading,
    selectNftsError: (state) => state.error,
    selectNftsNotice: (state) => state.notice,
  },
});

export const { nftsLoadStarted, nftsLoaded, nftsLoadFailed } = nftsSlice.actions;
export const { selectNfts, selectNftsLoading, selectNftsError, selectNftsNotice } = nftsSlice.selectors;
export default nftsSlice;
export { nftsSlice };
