// What the chain-reading guard found for the action being signed: the owner's SOL change from the simulation, shown
// while the wallet is asked (PRODUCT difference 10), and the last refusal. Cleared when the wallet is disconnected.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

export interface GuardState {
  /** Owner's SOL change (lamports, network fee included) of the transactions now awaiting approval. */
  simulatedChangeLamports: number | null;
  /** Whether a second chain reader checked them too (false: this server's reading alone, which the page says). */
  secondReaderChecked: boolean;
}

export const initialState: GuardState = { simulatedChangeLamports: null, secondReaderChecked: false };

const guardSlice = createSlice({
  name: 'guard',
  initialState,
  reducers: {
    solChangeSimulated: {
      reducer(state, action: PayloadAction<{ lamports: number; secondReaderChecked: boolean }>) {
        state.simulatedChangeLamports = action.payload.lamports;
        state.secondReaderChecked = action.payload.secondReaderChecked;
      },
      prepare: (lamports: number, secondReaderChecked = false) => ({ payload: { lamports, secondReaderChecked } }),
    },
    solChangeCleared: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(walletDisconnected, () => initialState),
  selectors: {
    selectSimulatedChange: (state) => state.simulatedChangeLamports,
    selectSecondReaderChecked: (state) => state.secondReaderChecked,
  },
});

export const { solChangeSimulated, solChangeCleared } = guardSlice.actions;
export const { selectSimulatedChange, selectSecondReaderChecked } = guardSlice.selectors;
export default guardSlice;
