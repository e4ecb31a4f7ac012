// What the chain-reading guard found for the action being signed: the owner's SOL change from the simulation, shown
// while the wallet is asked (PRODUCT difference 10), and the last refusal. Cleared when the wallet is disconnected.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../wallet';

export interface GuardState {
  /** Owner's SOL change (lamports, network fee included) of the transactions now awaiting approval. */
  simulatedChangeLamports: number | null;
}

export const initialState: GuardState = { simulatedChangeLamports: null };

const guardSlice = createSlice({
  name: 'guard',
  initialState,
  reducers: {
    solChangeSimulated(state, action: PayloadAction<number>) {
      state.simulatedChangeLamports = action.payload;
    },
    solChangeCleared(state) {
      state.simulatedChangeLamports = null;
    },
  },
  extraReducers: (builder) => builder.addCase(walletDisconnected, () => initialState),
  selectors: { selectSimulatedChange: (state) => state.simulatedChangeLamports },
});

export const { solChangeSimulated, solChangeCleared } = guardSlice.actions;
export const { selectSimulatedChange } = guardSlice.selectors;
export default guardSlice;
