import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';
import type { RentEstimate } from './rentEstimate';

// docs/PRODUCT.md#loading rent estimate: loading, loaded, error; cleared on disconnect. Results for a wallet other than the one
// asked for last are ignored (a quick wallet switch must not show the previous wallet's figures).

export type RentStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface RentState {
  status: RentStatus;
  wallet: string | null;
  estimate: RentEstimate | null;
  error: string | null;
}

export const initialState: RentState = { status: 'idle', wallet: null, estimate: null, error: null };

const rentSlice = createSlice({
  name: 'rent',
  initialState,
  reducers: {
    rentEstimateRequested(state, action: PayloadAction<{ wallet: string }>) {
      state.status = 'loading';
      state.error = null;
      if (state.wallet !== action.payload.wallet) state.estimate = null;
      state.wallet = action.payload.wallet;
    },
    rentEstimateLoaded(state, action: PayloadAction<{ wallet: string; estimate: RentEstimate }>) {
      if (action.payload.wallet !== state.wallet) return;
      state.status = 'loaded';
      state.estimate = action.payload.estimate;
    },
    rentEstimateFailed(state, action: PayloadAction<{ wallet: string; error: string }>) {
      if (action.payload.wallet !== state.wallet) return;
      state.status = 'error';
      state.error = action.payload.error;
    },
    rentEstimateRefreshRequested() {},
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectRent: (state) => state,
    selectRentEstimate: (state) => state.estimate,
    selectRentStatus: (state) => state.status,
  },
});

export const { rentEstimateRequested, rentEstimateLoaded, rentEstimateFailed, rentEstimateRefreshRequested } =
  rentSlice.actions;
export const { selectRent, selectRentEstimate, selectRentStatus } = rentSlice.selectors;
export default rentSlice;
