import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  bulkNftBurnRequested,
  bulkTokenBurnRequested,
  singleBurnRequested,
  walletDisconnected,
} from '../../../app/events';

// The burn flows of docs/PRODUCT.md#burn-one-token-or-nft, #burn-selected-tokens, #burn-selected-nfts as one state machine. Listeners (burnListeners.ts) run the steps; this slice
// holds where the flow is and what the user is told. Events that do not fit the current status are ignored.

export type BurnStatus = 'idle' | 'building' | 'awaitingSignature' | 'sending' | 'confirming' | 'done' | 'failed';
export type BurnKind = 'token' | 'nft';
export type BurnMode = 'single' | 'bulkTokens' | 'bulkNfts';
export type BurnMessageKind = 'success' | 'error' | 'info';

export interface BurnMessage {
  kind: BurnMessageKind;
  text: string;
  signature?: string; // full signature; the component shortens it and links 'View transaction'
  id?: number; // set by the reducer; Dismiss removes only the message it was shown with
}

export interface BurnResult {
  kind: BurnKind;
  mints: string[];
  signatures: string[];
  lamportsRecovered: number; // what the wallet gained: rent back less the service fee and the network fee
}

export interface BurnState {
  status: BurnStatus;
  mode: BurnMode | null;
  target: { kind: BurnKind; mint: string } | null;
  busy: boolean;
  message: BurnMessage | null;
  error: { name: string; message: string } | null;
  lastResult: BurnResult | null;
  messageSeq: number;
}

export const initialState: BurnState = {
  status: 'idle',
  mode: null,
  target: null,
  busy: false,
  message: null,
  error: null,
  lastResult: null,
  messageSeq: 0,
};

const ACTIVE: BurnStatus[] = ['building', 'awaitingSignature', 'sending', 'confirming'];

function start(state: BurnState, mode: BurnMode, target: BurnState['target']) {
  if (state.busy) return;
  Object.assign(state, { ...initialState, status: 'building', mode, target, busy: true, messageSeq: state.messageSeq });
}

function show(state: BurnState, message: BurnMessage) {
  state.messageSeq += 1;
  state.message = { ...message, id: state.messageSeq };
}

const burnSlice = createSlice({
  name: 'burn',
  initialState,
  reducers: {
    burnStepReached(state, action: PayloadAction<'awaitingSignature' | 'sending' | 'confirming'>) {
      if (ACTIVE.includes(state.status)) state.status = action.payload;
    },
    burnSucceeded(state, action: PayloadAction<{ result: BurnResult; message: BurnMessage }>) {
      if (!ACTIVE.includes(state.status)) return;
      state.status = 'done';
      state.busy = false;
      state.lastResult = action.payload.result;
      show(state, action.payload.message);
    },
    burnFailed(state, action: PayloadAction<{ name: string; message: string }>) {
      if (!ACTIVE.includes(state.status)) return;
      state.status = 'failed';
      state.busy = false;
      state.error = action.payload;
      show(state, { kind: 'error', text: action.payload.message });
    },
    burnMessageShown(state, action: PayloadAction<BurnMessage>) {
      show(state, action.payload);
    },
    /** With an id: clears only that message (a newer one stays). */
    burnMessageCleared(state, action: PayloadAction<number | undefined>) {
      if (action.payload !== undefined && state.message?.id !== action.payload) return;
      state.message = null;
      if (state.status === 'done' || state.status === 'failed') state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
    // The cards and the selection panel ask through app/events (they do not import the burn flows).
    builder.addCase(singleBurnRequested, (state, action) => start(state, 'single', action.payload));
    builder.addCase(bulkTokenBurnRequested, (state) => start(state, 'bulkTokens', null));
    builder.addCase(bulkNftBurnRequested, (state) => start(state, 'bulkNfts', null));
  },
  selectors: {
    selectBurnStatus: (s) => s.status,
    selectBurnMessage: (s) => s.message,
    selectBurnTarget: (s) => s.target,
    selectBurnState: (s) => s,
  },
});

export const { burnStepReached, burnSucceeded, burnFailed, burnMessageShown, burnMessageCleared } = burnSlice.actions;
export const { selectBurnStatus, selectBurnMessage, selectBurnTarget, selectBurnState } = burnSlice.selectors;
export default burnSlice;
export { burnSlice };
