import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletDisconnected } from '../../../app/events';

// docs/PRODUCT.md#vacant-accounts-banner, #close-vacant-accounts vacant burn: idle → processing → done. Reset forces processing back to idle; a second request
// while processing is ignored. Each run has an id; reports from an abandoned run (after Reset) are ignored.
// NOTE (front-end skeleton): this file was accidentally overwritten while the vacant flow's own version was
// uncommitted; rebuilt from what vacantListeners.ts / vacantFlow.ts use. The vacant flow's owner may replace it.

export type VacantStatus = 'idle' | 'processing' | 'done';
export type VacantStep = 'fetching' | 'preparing' | 'checking' | 'awaitingSignature' | 'submitting';

export interface VacantResult {
  accountCount: number;
  recoveredLamports: number;
  serviceFeeLamports: number;
  /** The network fee the review showed (and the chain took), when the recovery was reviewed. */
  networkFeeLamports?: number;
  signature: string;
  signatures: string[];
}

export interface VacantState {
  status: VacantStatus;
  runId: number;
  step: VacantStep | null;
  result: VacantResult | null;
  /** The report shown in the banner (docs/PRODUCT.md#error-texts texts, in the page rather than a native alert), if any. */
  alert: string | null;
  error: { name: string; message: string } | null;
  /** While a run goes on after its blockhash ran out: what the banner says (plain words, what landed so far). */
  progress: string | null;
  /** The banner's tick box: also withdraw the surplus rent of kept accounts (PRODUCT difference 13, on by default). */
  withdrawSurplus: boolean;
  /** The banner's "Let SolBack pay the fee" tick box (PRODUCT difference 15); relayed anyway when the owner cannot pay. */
  relayFee: boolean;
}

export const initialState: VacantState = {
  status: 'idle',
  runId: 0,
  step: null,
  result: null,
  alert: null,
  error: null,
  progress: null,
  withdrawSurplus: true,
  relayFee: false,
};
// Resets keep the user's choices.
const keepChoices = (state: VacantState) => ({ withdrawSurplus: state.withdrawSurplus, relayFee: state.relayFee });

const vacantSlice = createSlice({
  name: 'vacant',
  initialState,
  reducers: {
    vacantBurnRequested(state) {
      if (state.status === 'processing') return;
      Object.assign(state, { ...initialState, ...keepChoices(state), status: 'processing', runId: state.runId + 1 });
    },
    vacantStepChanged(state, action: PayloadAction<{ runId: number; step: VacantStep }>) {
      if (state.status === 'processing' && action.payload.runId === state.runId) state.step = action.payload.step;
    },
    vacantProgressChanged(state, action: PayloadAction<{ runId: number; text: string | null }>) {
      if (state.status === 'processing' && action.payload.runId === state.runId) state.progress = action.payload.text;
    },
    vacantBurnSucceeded(state, action: PayloadAction<{ runId: number; result: VacantResult; alert: string }>) {
      if (state.status !== 'processing' || action.payload.runId !== state.runId) return;
      Object.assign(state, {
        status: 'done',
        step: null,
        progress: null,
        result: action.payload.result,
        alert: action.payload.alert,
      });
    },
    vacantBurnEnded(
      state,
      action: PayloadAction<{ runId: number; alert: string; error?: { name: string; message: string } }>,
    ) {
      if (state.status !== 'processing' || action.payload.runId !== state.runId) return;
      Object.assign(state, {
        status: 'idle',
        step: null,
        progress: null,
        alert: action.payload.alert,
        error: action.payload.error ?? null,
      });
    },
    vacantReset(state) {
      Object.assign(state, { ...initialState, ...keepChoices(state), runId: state.runId + 1 });
    },
    vacantSurplusToggled(state, action: PayloadAction<boolean>) {
      if (state.status !== 'processing') state.withdrawSurplus = action.payload;
    },
    vacantRelayFeeToggled(state, action: PayloadAction<boolean>) {
      if (state.status !== 'processing') state.relayFee = action.payload;
    },
    vacantAlertDismissed(state) {
      state.alert = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, (state) => ({ ...initialState, runId: state.runId + 1 }));
  },
  selectors: {
    selectVacant: (state) => state,
    selectVacantStatus: (state) => state.status,
    selectVacantBusy: (state) => state.status === 'processing',
    selectVacantAlert: (state) => state.alert,
  },
});

export const {
  vacantBurnRequested,
  vacantStepChanged,
  vacantProgressChanged,
  vacantBurnSucceeded,
  vacantBurnEnded,
  vacantReset,
  vacantAlertDismissed,
  vacantSurplusToggled,
  vacantRelayFeeToggled,
} = vacantSlice.actions;
export const { selectVacant, selectVacantStatus, selectVacantBusy, selectVacantAlert } = vacantSlice.selectors;
export default vacantSlice;
export { vacantSlice };
