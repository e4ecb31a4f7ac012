import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import { nftsLoadStarted } from '../nfts/nftsSlice';
import { tokensLoadStarted } from '../tokens/tokensSlice';
import { assetsRemoved, walletDisconnected } from '../../../app/events';

// docs/PRODUCT.md#assets-screen, #selected-assets-panel: bulk select mode (default ON) and the selected tokens, NFTs and cNFTs (by mint / asset id).
// Turning bulk mode off clears the selection.

export type AssetKind = 'token' | 'nft' | 'cnft';

export interface SelectionState {
  bulkMode: boolean;
  tokens: string[];
  nfts: string[];
  cnfts: string[];
}

export const initialState: SelectionState = { bulkMode: true, tokens: [], nfts: [], cnfts: [] };

const listOf = (state: SelectionState, kind: AssetKind): string[] =>
  kind === 'token' ? state.tokens : kind === 'nft' ? state.nfts : state.cnfts;

function deselect(state: SelectionState, kind: AssetKind, mints: string[]) {
  const gone = new Set(mints);
  const list = listOf(state, kind);
  const kept = list.filter((m) => !gone.has(m));
  list.splice(0, list.length, ...kept);
}

const selectionSlice = createSlice({
  name: 'selection',
  initialState,
  reducers: {
    assetSelectionToggled(state, action: PayloadAction<{ kind: AssetKind; mint: string }>) {
      if (!state.bulkMode) return;
      const list = listOf(state, action.payload.kind);
      const i = list.indexOf(action.payload.mint);
      if (i >= 0) list.splice(i, 1);
      else list.push(action.payload.mint);
    },
    /** Select all (of a section, or of what its filter shows): adds the mints not yet selected. */
    assetsSelected(state, action: PayloadAction<{ kind: AssetKind; mints: string[] }>) {
      if (!state.bulkMode) return;
      const list = listOf(state, action.payload.kind);
      const have = new Set(list);
      for (const m of action.payload.mints) {
        if (have.has(m)) continue;
        have.add(m);
        list.push(m);
      }
    },
    assetsDeselected(state, action: PayloadAction<{ kind: AssetKind; mints: string[] }>) {
      deselect(state, action.payload.kind, action.payload.mints);
    },
    selectionCleared(state) {
      Object.assign(state, { tokens: [], nfts: [], cnfts: [] });
    },
    bulkModeSet(state, action: PayloadAction<boolean>) {
      state.bulkMode = action.payload;
      if (!action.payload) Object.assign(state, { tokens: [], nfts: [], cnfts: [] });
    },
  },
  extraReducers: (builder) => {
    // The selection belongs to the wallet that was shown; the mode is the user's preference and stays.
    builder.addCase(walletDisconnected, (state) => ({ ...initialState, bulkMode: state.bulkMode }));
    // Burned assets are gone from the lists, so from the selection too.
    builder.addCase(assetsRemoved, (state, action) => deselect(state, action.payload.kind, action.payload.mints));
    // A fresh load (another wallet, or a reload) replaces the lists, so their selections go too.
    builder.addCase(tokensLoadStarted, (state) => {
      state.tokens = [];
    });
    builder.addCase(nftsLoadStarted, (state) => {
      state.nfts = [];
      state.cnfts = [];
    });
    // A trashed (hidden) cNFT leaves the list, and so the selection.
    builder.addCase(assetsHidden, (state, action) => {
      const gone = new Set(action.payload.ids);
      state.cnfts = state.cnfts.filter((id) => !gone.has(id));
    });
  },
  selectors: {
    selectBulkMode: (state) => state.bulkMode,
    selectSelectedTokenMints: (state) => state.tokens,
    selectSelectedNftMints: (state) => state.nfts,
    selectSelectedCnftIds: (state) => state.cnfts,
    selectIsSelected: (state, kind: AssetKind, mint: string) => listOf(state, kind).includes(mint),
  },
});

export const { assetSelectionToggled, assetsSelected, assetsDeselected, selectionCleared, bulkModeSet } =
  selectionSlice.actions;
export const {
  selectBulkMode,
  selectSelectedTokenMints,
  selectSelectedNftMints,
  selectSelectedCnftIds,
  selectIsSelected,
} = selectionSlice.selectors;

export const selectSelectedCounts = createSelector(
  [selectSelectedTokenMints, selectSelectedNftMints, selectSelectedCnftIds],
  (tokens, nfts, cnfts) => ({
    tokens: tokens.length,
    nfts: nfts.length,
    cnfts: cnfts.length,
    total: tokens.length + nfts.length + cnfts.length,
  }),
);

export default selectionSlice;
export { selectionSlice };
