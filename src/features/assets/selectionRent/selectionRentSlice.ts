import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { assetsRemoved, walletConnected, walletDisconnected } from '../../../app/events';

// What each selected asset really returns, read from the chain (never an average): a token account's lamports
// (wrapped SOL apart: closing it unwraps the owner's own SOL), an NFT's token account + metadata + edition lamports
// as the burn that will run closes them. Keyed by mint; an entry that cannot be burned carries its reason.

export interface AssetRent {
  lamports: number;
  /** Wrapped SOL: the lamports are the owner's own SOL coming back, not recovered rent. */
  native?: boolean;
  reason?: string;
}

export interface SelectionRentState {
  tokens: Record<string, AssetRent>;
  nfts: Record<string, AssetRent>;
  reading: boolean;
}

export const initialState: SelectionRentState = { tokens: {}, nfts: {}, reading: false };

const selectionRentSlice = createSlice({
  name: 'selectionRent',
  initialState,
  reducers: {
    selectionRentReading(state) {
      state.reading = true;
    },
    selectionRentRead(
      state,
      action: PayloadAction<{ tokens: Record<string, AssetRent>; nfts: Record<string, AssetRent> }>,
    ) {
      Object.assign(state.tokens, action.payload.tokens);
      Object.assign(state.nfts, action.payload.nfts);
      state.reading = false;
    },
    /** After a burn the accounts are gone (or changed): read them again when next selected. */
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
    builder.addCase(walletConnected, () => initialState);
    // Burned assets have no rent left to show.
    builder.addCase(assetsRemoved, (state, action) => {
      for (const m of action.payload.mints) {
        delete state.tokens[m];
        delete state.nfts[m];
      }
    });
  },
  selectors: {
    selectTokenRents: (s) => s.tokens,
    selectNftRents: (s) => s.nfts,
    selectRentReading: (s) => s.reading,
  },
});

export const { selectionRentReading, selectionRentRead } = selectionRentSlice.actions;
export const { selectTokenRents, selectNftRents, selectRentReading } = selectionRentSlice.selectors;
export default selectionRentSlice;
