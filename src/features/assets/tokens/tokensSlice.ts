import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenMetadata } from '../../../common/api';
import { assetsRemoved, walletDisconnected } from '../../../app/events';
import type { Token } from './tokenModel';
import { withMetadata, withUnknownMetadata } from './tokenModel';

// docs/PRODUCT.md#loading token load: connected → loading → list (or error). Events for another wallet than the one being
// loaded are stale answers and are ignored.

export type TokensSource = 'server' | 'chain' | 'none';

export interface TokensState {
  wallet: string | null;
  items: Token[];
  loading: boolean;
  error: string | null;
  source: TokensSource | null;
  /** USD per SOL from the indexer that priced the tokens (PRODUCT difference 14); null = unknown. */
  solPriceUsd: number | null;
}

export const initialState: TokensState = {
  wallet: null,
  items: [],
  loading: false,
  error: null,
  source: null,
  solPriceUsd: null,
};

const tokensSlice = createSlice({
  name: 'tokens',
  initialState,
  reducers: {
    tokensLoadStarted(_state, action: PayloadAction<{ wallet: string }>) {
      return { ...initialState, wallet: action.payload.wallet, loading: true };
    },
    tokensLoaded(
      state,
      action: PayloadAction<{
        wallet: string;
        tokens: Token[];
        source: TokensSource;
        error?: string | null;
        solPriceUsd?: number | null;
      }>,
    ) {
      if (state.wallet !== action.payload.wallet) return;
      state.items = action.payload.tokens;
      state.solPriceUsd = action.payload.solPriceUsd ?? null;
      state.source = action.payload.source;
      state.error = action.payload.error ?? null;
      state.loading = false;
    },
    tokensLoadFailed(state, action: PayloadAction<{ wallet: string; error: string }>) {
      if (state.wallet !== action.payload.wallet) return;
      state.items = [];
      state.error = action.payload.error;
      state.loading = false;
    },
    /** Metadata enrichment, a batch at a time; `metadata: null` = lookup failed → unknown token data. */
    tokenMetadataResolved(
      state,
      action: PayloadAction<{ wallet: string; items: { mint: string; metadata: TokenMetadata | null }[] }>,
    ) {
      if (state.wallet !== action.payload.wallet) return;
      const byMint = new Map(action.payload.items.map((i) => [i.mint, i.metadata]));
      state.items = state.items.map((t) => {
        if (!byMint.has(t.mint)) return t;
        const meta = byMint.get(t.mint);
        return meta ? withMetadata(t, meta) : withUnknownMetadata(t);
      });
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
    // Burned tokens leave the list at once.
    builder.addCase(assetsRemoved, (state, action) => {
      if (action.payload.kind !== 'token') return;
      const gone = new Set(action.payload.mints);
      state.items = state.items.filter((t) => !gone.has(t.mint));
    });
  },
  selectors: {
    selectTokens: (state) => state.items,
    selectVisibleTokens: (state) => state.items,
    selectTokensLoading: (state) => state.loading,
    selectTokensError: (state) => state.error,
    selectSolPriceUsd: (state) => state.solPriceUsd,
  },
});

export const { tokensLoadStarted, tokensLoaded, tokensLoadFailed, tokenMetadataResolved } = tokensSlice.actions;
export const { selectTokens, selectVisibleTokens, selectTokensLoading, selectTokensError, selectSolPriceUsd } =
  tokensSlice.selectors;
export default tokensSlice;
export { tokensSlice };
