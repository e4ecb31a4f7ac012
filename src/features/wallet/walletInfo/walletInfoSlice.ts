import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';
import { walletConnectFailed } from '../wallet/walletSlice';

// What the page knows about the connected wallet beyond its address: its SOL balance (read from the chain after
// connecting and after every action that moves SOL), whether it can sign several transactions in one approval
// (where it cannot, the spec's per-transaction limits apply), whether it can sign without sending (a send-only wallet
// cannot take part in a co-signed recovery), and why the last connection attempt failed.

export interface WalletInfoState {
  lamports: number | null;
  canSignAll: boolean;
  canSignOnly: boolean;
  connectError: string | null;
}

export const initialState: WalletInfoState = {
  lamports: null,
  canSignAll: true,
  canSignOnly: true,
  connectError: null,
};

const walletInfoSlice = createSlice({
  name: 'walletInfo',
  initialState,
  reducers: {
    walletBalanceRead(state, action: PayloadAction<{ lamports: number }>) {
      state.lamports = action.payload.lamports;
    },
    walletCapabilitiesRead(state, action: PayloadAction<{ canSignAll: boolean; canSignOnly?: boolean }>) {
      state.canSignAll = action.payload.canSignAll;
      state.canSignOnly = action.payload.canSignOnly ?? true;
      state.connectError = null;
    },
    walletConnectErrorDismissed(state) {
      state.connectError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, (state) => ({ ...initialState, connectError: state.connectError }));
    builder.addCase(walletConnectFailed, (state, action) => {
      state.connectError = action.payload.message;
    });
  },
  selectors: {
    selectWalletLamports: (s) => s.lamports,
    selectCanSignAll: (s) => s.canSignAll,
    selectCanSignOnly: (s) => s.canSignOnly,
    selectConnectError: (s) => s.connectError,
  },
});

export const { walletBalanceRead, walletCapabilitiesRead, walletConnectErrorDismissed } = walletInfoSlice.actions;
export const { selectWalletLamports, selectCanSignAll, selectCanSignOnly, selectConnectError } =
  walletInfoSlice.selectors;
export default walletInfoSlice;
