import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_TRANSFER_PROOF_NODES } from '../../../chain/cnftProofFit';
import { walletDisconnected } from '../../../app/events';

// The proof nodes each listed cNFT's tree needs, read from the tree accounts on the chain (cnftTreesListeners). A
// tree that needs more than a transaction holds makes its cNFTs unmovable: labelled, offered hide, never selected.

export interface CnftTreesState {
  /** tree address → proof nodes its leaves need (the tree's depth below its canopy). */
  nodes: Record<string, number>;
}

export const initialState: CnftTreesState = { nodes: {} };

const cnftTreesSlice = createSlice({
  name: 'cnftTrees',
  initialState,
  reducers: {
    cnftTreesRead(state, action: PayloadAction<Record<string, number>>) {
      Object.assign(state.nodes, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectTreeNodes: (s) => s.nodes,
  },
});

export const { cnftTreesRead } = cnftTreesSlice.actions;
export const { selectTreeNodes } = cnftTreesSlice.selectors;

/** Trees whose proofs do not fit a transaction. */
export const selectTooDeepTrees = createSelector(
  [selectTreeNodes],
  (nodes) => new Set(Object.keys(nodes).filter((t) => nodes[t] > MAX_TRANSFER_PROOF_NODES)),
);
export default cnftTreesSlice;
