import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletConnected, walletDisconnected } from '../../../app/events';

// Which wallet is connected, and what the page learnt of it this session. The wallet object itself (signing) lives
// in the wallet port (src/app/walletPort.ts), never in state; the React bridge (WalletBridge.tsx) dispatches the
// connect events, the signing path (through oneAtATime.ts) the rest.

export interface OneAtATimeProgress {
  /** The transaction being asked for (1-based) and how many the action has. */
  current: number;
  total: number;
  /** The user pressed Stop: no further request after the current one. */
  stopping: boolean;
}

export interface WalletState {
  publicKey: string | null;
  /** The wallet refused a request carrying several transactions (not the user): ask one per request this session. */
  refusesBatches: boolean;
  /** Set while the page asks one transaction per request. */
  oneAtATime: OneAtATimeProgress | null;
}

export const initialState: WalletState = { publicKey: null, refusesBatches: false, oneAtATime: null };

const walletSlice = createSlice({
  name: 'wallet',
  initialState,
  reducers: {
    batchRefused(state) {
      state.refusesBatches = true;
    },
    oneAtATimeAsking(state, action: PayloadAction<{ current: number; total: number }>) {
      state.oneAtATime = { ...action.payload, stopping: state.oneAtATime?.stopping ?? false };
    },
    oneAtATimeStopPressed(state) {
      if (state.oneAtATime) state.oneAtATime.stopping = true;
    },
    oneAtATimeFinished(state) {
      state.oneAtATime = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletConnected, (state, action) => {
      state.publicKey = action.payload.publicKey;
    });
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectWalletAddress: (state) => state.publicKey,
    selectWalletConnected: (state) => state.publicKey !== null,
    selectRefusesBatches: (state) => state.refusesBatches,
    selectOneAtATime: (state) => state.oneAtATime,
  },
});

export const { batchRefused, oneAtATimeAsking, oneAtATimeStopPressed, oneAtATimeFinished } = walletSlice.actions;
/** The wallet adapter refused or failed a connection (ChainProviders.tsx); walletInfo keeps the message to show. */
export const walletConnectFailed = createAction<{ message: string }>('wallet/walletConnectFailed');
export const { selectWalletAddress, selectWalletConnected, selectRefusesBatches, selectOneAtATime } =
  walletSlice.selectors;
export default walletSlice;
export { walletSlice };
