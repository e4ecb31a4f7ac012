import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LeftAloneAccount } from '../../../chain/leftAlone';
import { walletDisconnected } from '../../../app/events';

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
const selectLeftAloneRead = leftAloneSlice.selectors.selectLeftAlone;
/**
 * What the panel lists: the accounts read, minus those of NFTs the NFT section shows (a pNFT's account is frozen by
 * Token Metadata, whose burn thaws it first; a locked one carries its reason on its own card).
 */
export const selectLeftAlone = createSelector(
  [selectLeftAloneRead, (s: { nfts: { items: { mint: string }[] } }) => s.nfts.items],
  (accounts, nfts) => {
    if (accounts.length === 0 || nfts.length === 0) return accounts;
    const shown = new Set(nfts.map((n) => n.mint));
    return accounts.filter((a) => !shown.has(a.mint));
  },
);
export default leftAloneSlice;
