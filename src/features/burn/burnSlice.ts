import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The burn flows of spec §4.2–§4.4 as one state machine. Listeners (burnListeners.ts) run the steps; this slice
// holds where the flow is and what the user is told. Events that do not fit the current status are ignored.

export type BurnStatus = 'idle' | 'building' | 'awaitingSignature' | 'sending' | 'confirming' | 'done' | 'failed';
export type BurnKind = 'token' | 'nft';
export type BurnMode = 'single' | 'bulkTokens' | 'bulkNfts';
export type BurnMessageKind = 'success' | 'error' | 'info';

export interface BurnMessage {
  kind: BurnMessageKind;
  text: string;
  signature?: string; // full signature; the component shortens it and links 'View transaction'
}

export interface BurnResult {
  kind: BurnKind;
  mints: string[];
  signatures: string[];
  lamportsRecovered: number; // lamports of the closed accounts, minus any service fee
}

export interface BurnState {
  status: BurnStatus;
  mode: BurnMode | null;
  target: { kind: BurnKind; mint: string } | null;
  busy: boolean;
  message: BurnMessage | null;
  error: { name: string; message: string } | null;
  lastResult: BurnResult | null;
}

export const initialState: BurnState = {
  status: 'idle',
  mode: null,
  target: null,
  busy: false,
  message: null,
  error: null,
  lastResult: null,
};

const ACTIVE: BurnStatus[] = ['building', 'awaitingSignature', 'sending', 'confirming'];

/** Emitted once the chain confirmed the burns: token and NFT lists drop these mints. */
export const assetsBurned = createAction<{ tokens: string[]; nfts: string[] }>('burn/assetsBurned');

function start(state: BurnState, mode: BurnMode, target: BurnState['target']) {
  if (state.busy) return;
  Object.assign(state, { ...initialState, status: 'building', mode, target, busy: true });
}

const burnSlice = createSlice({
  name: 'burn',
  initialState,
  reducers: {
    singleBurnRequested(state, action: PayloadAction<{ kind: BurnKind; mint: string }>) {
      start(state, 'single', action.payload);
    },
    bulkTokenBurnRequested(state) {
      start(state, 'bulkTokens', null);
    },
    bulkNftBurnRequested(state) {
      start(state, 'bulkNfts', null);
    },
    burnStepReached(state, action: PayloadAction<'awaitingSignature' | 'sending' | 'confirming'>) {
      if (ACTIVE.includes(state.status)) state.status = action.payload;
    },
    burnSucceeded(state, action: PayloadAction<{ result: BurnResult; message: BurnMessage }>) {
      if (!ACTIVE.includes(state.status)) return;
      state.status = 'done';
      state.busy = false;
      state.lastResult = action.payload.result;
      state.message = action.payload.message;
    },
    burnFailed(state, action: PayloadAction<{ name: string; message: string }>) {
      if (!ACTIVE.includes(state.status)) return;
      state.status = 'failed';
      state.busy = false;
      state.error = action.payload;
      state.message = { kind: 'error', text: action.payload.message };
    },
    burnMessageShown(state, action: PayloadAction<BurnMessage>) {
      state.message = action.payload;
    },
    burnMessageCleared(state) {
      state.message = null;
      if (state.status === 'done' || state.status === 'failed') state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    // 'wallet/walletDisconnected' (src/features/wallet/walletSlice.ts), matched by type until that file lands.
    builder.addMatcher((a) => a.type === 'wallet/walletDisconnected', () => initialState);
  },
  selectors: {
    selectBurnStatus: (s) => s.status,
    selectBurnBusy: (s) => s.busy,
    selectBurnMessage: (s) => s.message,
    selectBurnTarget: (s) => s.target,
    selectBurnState: (s) => s,
  },
});

export const {
  singleBurnRequested,
  bulkTokenBurnRequested,
  bulkNftBurnRequested,
  burnStepReached,
  burnSucceeded,
  burnFailed,
  burnMessageShown,
  burnMessageCleared,
} = burnSlice.actions;
export const { selectBurnStatus, selectBurnBusy, selectBurnMessage, selectBurnTarget, selectBurnState } =
  burnSlice.selectors;
export default burnSlice;
export { burnSlice };
