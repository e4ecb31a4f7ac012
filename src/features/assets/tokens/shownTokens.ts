import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { shownTokens } from '../assetTools/assetToolsSelectors';
import { selectTokenValues } from '../value/tokenValues';
import { selectVisibleTokens } from './tokensSlice';

// The input selectors are called when this one runs, never read as this module loads: the feature indexes still import
// one another in a circle (scripts/allowedCycles.js), where a name is there only once its own module has run.
// Reselect memoizes on what they return, so wrapping them changes nothing else.

/** The token list as the section shows it: hidden ones out, then the section's search, filter and sort. */
export const selectShownTokens = createSelector(
  [
    (s: RootState) => selectVisibleTokens(s),
    (s: RootState) => s.assetTools.token,
    (s: RootState) => s.selectionRent.tokens,
    (s: RootState) => s.hiddenAssets.ids,
    (s: RootState) => selectTokenValues(s),
  ],
  (tokens, tools, rents, hidden, values) => {
    const gone = new Set(hidden);
    return shownTokens(hidden.length ? tokens.filter((t) => !gone.has(t.mint)) : tokens, tools, rents, values);
  },
);
