import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

// PRODUCT, the flows: Revoke delegation: cNFTs left delegated to the server's delegate after a queue did not run to the
// end (its authorisation rejected or failed, or the queue cancelled). The page offers to revoke them with one
// approval: a Bubblegum delegate back to the owner (revokeDelegation.ts).

export type RevokeStatus = 'idle' | 'offered' | 'revoking' | 'done' | 'failed';

export interface RevokeState {
  status: RevokeStatus;
  /** The cNFTs the chain (through the indexer) says are delegated to the server delegate right now. */
  assetIds: string[];
  revoked: string[];
  error: string | null;
}

export const initialState: RevokeState = { status: 'idle', assetIds: [], revoked: [], error: null };

const busy = (s: RevokeState) => s.status === 'revoking';

const revokeSlice = createSlice({
  name: 'revoke',
  initialState,
  reducers: {
    revokeOffered(state, action: PayloadAction<{ assetIds: string[] }>) {
      if (busy(state) || action.payload.assetIds.length === 0) return;
      Object.assign(state, { ...initialState, status: 'offered', assetIds: action.payload.assetIds });
    },
    revokeRequested(state) {
      if (state.status === 'offered' || state.status === 'failed')
        Object.assign(state, { status: 'revoking', error: null });
    },
    revokeSucceeded(state, action: PayloadAction<{ revoked: string[] }>) {
      if (busy(state)) Object.assign(state, { status: 'done', revoked: action.payload.revoked });
    },
    revokeFailed(state, action: PayloadAction<string>) {
      if (busy(state)) Object.assign(state, { status: 'failed', error: action.payload });
    },
    revokeDismissed(state) {
      if (!busy(state)) return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectRevoke: (state) => state,
  },
});

export const { revokeOffered, revokeRequested, revokeSucceeded, revokeFailed, revokeDismissed } = revokeSlice.actions;
export const { selectRevoke } = revokeSlice.selectors;
export default revokeSlice;
export { revokeSlice };
