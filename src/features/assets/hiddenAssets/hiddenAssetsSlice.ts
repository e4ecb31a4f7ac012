import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// docs/PRODUCT.md#data-and-defaults hidden-assets list: ids of cNFTs that were trashed, filtered out of the display. Persisted
// (src/app/persist.ts) and kept across wallet changes on purpose: a trashed asset stays hidden.

export interface HiddenAssetsState {
  ids: string[];
  /**
   * Of `ids`, those that left the wallet (moved to the trash wallet or burnt): still filtered out of a list that
   * was read before they left, but not offered under "Hidden items", where nothing could show them again.
   */
  left?: string[];
}

export const initialState: HiddenAssetsState = { ids: [], left: [] };

const EMPTY: string[] = [];

const hiddenAssetsSlice = createSlice({
  name: 'hiddenAssets',
  initialState,
  reducers: {
    assetsHidden(state, action: PayloadAction<{ ids: string[]; left?: boolean }>) {
      for (const id of action.payload.ids) if (!state.ids.includes(id)) state.ids.push(id);
      if (action.payload.left) {
        const left = (state.left ??= []); // a state persisted before this field had none
        for (const id of action.payload.ids) if (!left.includes(id)) left.push(id);
      }
    },
    assetsUnhidden(state, action: PayloadAction<{ ids: string[] }>) {
      const back = new Set(action.payload.ids);
      state.ids = state.ids.filter((id) => !back.has(id));
      state.left = (state.left ?? []).filter((id) => !back.has(id));
    },
  },
  selectors: {
    selectHiddenAssetIds: (state) => state.ids,
    selectLeftWalletIds: (state) => state.left ?? EMPTY,
  },
});

export const { assetsHidden, assetsUnhidden } = hiddenAssetsSlice.actions;
export const { selectHiddenAssetIds, selectLeftWalletIds } = hiddenAssetsSlice.selectors;
export default hiddenAssetsSlice;
export { hiddenAssetsSlice };
