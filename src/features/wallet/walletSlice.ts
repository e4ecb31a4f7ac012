import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Which wallet is connected. The wallet object itself (signing) lives in the wallet port (src/app/walletPort.ts),
// never in state; the React bridge (WalletBridge.tsx) dispatches these two events.

export interface WalletState {
  publicKey: string | null;
}

export const initialState: WalletState = { publicKey: null };

const walletSlice = createSlice({
  name: 'wallet',
  initialState,
  reducers: {
    walletConnected(state, action: PayloadAction<{ publicKey: string }>) {
      state.publicKey = action.payload.publicKey;
    },
    walletDisconnected() {
      return initialState;
    },
  },
  selectors: {
    selectWalletAddress: (state) => state.publicKey,
    selectWalletConnected: (state) => state.publicKey !== null,
  },
});

export const { walletConnected, walletDisconnected } = walletSlice.actions;
/** The wallet adapter refused or failed a connection (ChainProviders.tsx); walletInfo keeps the message to show. */
export const walletConnectFailed = createAction<{ message: string }>('wallet/walletConnectFailed');
export const { selectWalletAddress, selectWalletConnected } = walletSlice.selectors;
export default walletSlice;
export { walletSlice };
