import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

// docs/PRODUCT.md#what-solback-does, #burn-one-token-or-nft: confetti, an achievement animation and a notification after a successful burn. The slice only says
// that something is being celebrated; CelebrationLayer plays it (from a lazily loaded chunk).

export interface Celebration {
  id: number;
  title: string;
  description: string;
  lamports: number;
}

export interface CelebrationState {
  seq: number;
  active: Celebration | null;
}

export const initialState: CelebrationState = { seq: 0, active: null };

const celebrationSlice = createSlice({
  name: 'celebration',
  initialState,
  reducers: {
    celebrationTriggered(state, action: PayloadAction<Omit<Celebration, 'id'>>) {
      state.seq += 1;
      state.active = { ...action.payload, id: state.seq };
    },
    celebrationEnded(state, action: PayloadAction<number>) {
      if (state.active?.id === action.payload) state.active = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, (state) => {
      state.active = null;
    });
  },
  selectors: {
    selectActiveCelebration: (s) => s.active,
  },
});

export const { celebrationTriggered, celebrationEnded } = celebrationSlice.actions;
export const { selectActiveCelebration } = celebrationSlice.selectors;
export default celebrationSlice;
export { celebrationSlice };
