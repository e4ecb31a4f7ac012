import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LeftAloneAccount } from '../../chain/leftAlone';
import { walletDisconnected } from '../wallet/walletSlice';

// The accounts skipped on purpose, read from the chain after each load and each action (see leftAloneListeners).

export interface LeftAloneState {
  wallet: string | null;
  accounts: LeftAloneAccount[];
}

export const initialState: LeftAloneState = { wallet: null, accounts: [] };

const leftAloneSlice = createSlice({
  name: 'leftAlone',
  initialState,
  reducers: {
    leftAloneRead(_state, action: PayloadAction<{ wallet: string; accounts: LeftAloneAccount[] }>) {
      return action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectLeftAlone: (s) => s.accounts,
  },
});

export const { leftAloneRead } = leftAloneSlice.actions;
export const { selectLeftAlone } = leftAloneSlice.selectors;
export default leftAloneSlice;
