import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AssetKind } from '../selection/selectionSlice';
import { walletDisconnected } from '../../../app/events';

// Search, filter and sort of each asset section (PRODUCT, the page: bulk tools). Only the choices live here; the shown lists
// are derived by the selectors in assetToolsSelectors.ts.

export type AssetFilter = 'all' | 'spam' | 'unwrap' | 'burnable' | ValueFilter;
export type AssetSort = 'default' | 'name' | 'solBack' | 'value';
/** Tokens by value (PRODUCT difference 14): worth more than their rent, less, or not priced. */
export type ValueFilter = 'valuable' | 'worthless' | 'unknown';

export interface SectionTools {
  query: string;
  filter: AssetFilter;
  sort: AssetSort;
}

export type AssetToolsState = Record<AssetKind, SectionTools>;

const fresh = (): SectionTools => ({ query: '', filter: 'all', sort: 'default' });
export const initialState: AssetToolsState = { token: fresh(), nft: fresh(), cnft: fresh() };

const assetToolsSlice = createSlice({
  name: 'assetTools',
  initialState,
  reducers: {
    toolsQuerySet(state, action: PayloadAction<{ kind: AssetKind; query: string }>) {
      state[action.payload.kind].query = action.payload.query;
    },
    toolsFilterSet(state, action: PayloadAction<{ kind: AssetKind; filter: AssetFilter }>) {
      state[action.payload.kind].filter = action.payload.filter;
    },
    toolsSortSet(state, action: PayloadAction<{ kind: AssetKind; sort: AssetSort }>) {
      state[action.payload.kind].sort = action.payload.sort;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectSectionTools: (s, kind: AssetKind) => s[kind],
  },
});

export const { toolsQuerySet, toolsFilterSet, toolsSortSet } = assetToolsSlice.actions;
export const { selectSectionTools } = assetToolsSlice.selectors;
export default assetToolsSlice;
