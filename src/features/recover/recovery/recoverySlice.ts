import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

// "More SOL in your wallet" (PRODUCT difference 19) and "Recover everything" (docs/PRODUCT.md#recover-everything),
// two views of one plan: which items the owner ticked or unticked, and the one recovery run. In "More SOL", sources
// that are not opt-in start ticked; in "Recover everything", everything that can come back now does.

export type RecoveryRunStatus = 'idle' | 'processing' | 'done' | 'failed';

/** One item of the plan: an account may be two (a revoke and a surplus withdrawal of one token account). */
export interface PlanItemKey {
  kind: string;
  address: string;
}

/** What one run recovers: chosen accounts ("More SOL", a later step), or the whole plan less what was unticked. */
export type RecoveryAsk =
  { scope: 'chosen'; addresses: string[] } | { scope: 'everything'; except: PlanItemKey[]; allowed: string[] };

export interface RecoveryState {
  /** "More SOL": the owner's own ticks, by address (absent: the source's default). */
  ticked: Record<string, boolean>;
  /** Recover everything: the items the owner unticked, by `kind address`. */
  unticked: Record<string, boolean>;
  status: RecoveryRunStatus;
  message: string | null;
  /** The view whose run it is (its message shows there). */
  view: 'moreSol' | 'everything';
}

export const initialState: RecoveryState = { ticked: {}, unticked: {}, status: 'idle', message: null, view: 'moreSol' };

export const itemKey = (item: PlanItemKey) => `${item.kind} ${item.address}`;

const recoverySlice = createSlice({
  name: 'recovery',
  initialState,
  reducers: {
    recoveryTicked(state, action: PayloadAction<{ address: string; ticked: boolean }>) {
      state.ticked[action.payload.address] = action.payload.ticked;
    },
    everythingTicked(state, action: PayloadAction<{ item: PlanItemKey; ticked: boolean }>) {
      state.unticked[itemKey(action.payload.item)] = !action.payload.ticked;
    },
    recoveryRequested(state, action: PayloadAction<{ ask: RecoveryAsk; view?: 'everything' }>) {
      state.status = 'processing';
      state.message = null;
      state.view = action.payload.view ?? (action.payload.ask.scope === 'everything' ? 'everything' : 'moreSol');
    },
    recoveryEnded(state, action: PayloadAction<{ ok: boolean; message: string }>) {
      state.status = action.payload.ok ? 'done' : 'failed';
      state.message = action.payload.message;
      if (action.payload.ok) Object.assign(state, { ticked: {}, unticked: {} });
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
});

export const { recoveryTicked, everythingTicked, recoveryRequested, recoveryEnded } = recoverySlice.actions;
export default recoverySlice;
