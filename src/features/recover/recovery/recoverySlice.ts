import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

// "More SOL in your wallet" (PRODUCT difference 19): which sources the owner ticked, and the one recovery run.
// Sources that are not opt-in start ticked; nonce accounts, lookup tables and approvals start unticked.

export type RecoveryRunStatus = 'idle' | 'processing' | 'done' | 'failed';

export interface RecoveryState {
  /** The owner's own ticks, by address (absent: the source's default). */
  ticked: Record<string, boolean>;
  status: RecoveryRunStatus;
  message: string | null;
}

export const initialState: RecoveryState = { ticked: {}, status: 'idle', message: null };

const recoverySlice = createSlice({
  name: 'recovery',
  initialState,
  reducers: {
    recoveryTicked(state, action: PayloadAction<{ address: string; ticked: boolean }>) {
      state.ticked[action.payload.address] = action.payload.ticked;
    },
    recoveryRequested(state, _action: PayloadAction<{ addresses: string[] }>) {
      state.status = 'processing';
      state.message = null;
    },
    recoveryEnded(state, action: PayloadAction<{ ok: boolean; message: string }>) {
      state.status = action.payload.ok ? 'done' : 'failed';
      state.message = action.payload.message;
      if (action.payload.ok) state.ticked = {};
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
});

export const { recoveryTicked, recoveryRequested, recoveryEnded } = recoverySlice.actions;
export default recoverySlice;
