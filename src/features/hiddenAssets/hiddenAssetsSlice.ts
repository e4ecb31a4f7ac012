import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Spec §3 hidden-assets list: ids of cNFTs that were trashed, filtered out of the display. Persisted
// (src/app/persist.ts) and kept across wallet changes on purpose: a trashed asset stays hidden.

export interface HiddenAssetsState {
  ids: string[];
}

export const initialState: HiddenAssetsState = { ids: [] };

const hiddenAssetsSlice = createSlice({
  name: 'hiddenAssets',
  initialState,
  reducers: {
    assetsHidden(state, action: PayloadAction<{ ids: string[] }>) {
      for (const id of action.payload.ids) if (!state.ids.includes(id)) state.ids.push(id);
    },
    assetsUnhidden(state, action: PayloadAction<{ ids: string[] }>) {
      const back = new Set(action.payload.ids);
      state.ids = state.ids.filter((id) => !back.has(id));
    },
  },
  selectors: {
    selectHiddenAssetIds: (state) => state.ids,
  },
});

export const { assetsHidden, assetsUnhidden } = hiddenAssetsSlice.actions;
export const { selectHiddenAssetIds } = hiddenAssetsSlice.selectors;
export default hiddenAssetsSlice;
export { hiddenAssetsSlice };
