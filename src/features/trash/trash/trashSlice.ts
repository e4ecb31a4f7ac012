import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AssetProofData } from '../../../common/api';
import { walletDisconnected } from '../../../app/events';
import type { TrashOutcome } from './trashTypes';

// The cNFT trash ways (docs/PRODUCT.md#cnft-modals, #trash-a-cnft) as one state machine: which modal is open, what its flow is doing,
// and what the user is told. Listeners (trashListeners.ts) run the steps; the modals only read and dispatch.
// The robust way's key never comes here: its modal keeps it and reports only the outcome (robustTrashFinished).

export type TrashWay = 'direct' | 'delegated' | 'burn' | 'queue';
export type TrashFlow = 'trash' | 'ownerBurn' | 'delegatedTransfer' | 'delegation';
export type TrashStatus =
  | 'idle'
  | 'building'
  | 'awaitingSignature'
  | 'sending'
  | 'confirming'
  | 'transferring'
  /** PRODUCT difference 8: the moves failed; the owner is asked before the hide-only fallback pays anything. */
  | 'hideOffer'
  | 'done'
  | 'failed';
export type TrashStep = 'awaitingSignature' | 'sending' | 'confirming' | 'transferring';

export interface TrashAsset {
  mint: string;
  name: string;
  image: string;
  /** A Bubblegum V2 leaf: moving it costs V2's transfer fee (NetworkFeeLine). */
  v2?: boolean;
}

export interface TrashBanner {
  /** notice: neither a success nor a failure (the hide-only fallback hid an asset it did not move). */
  kind: 'success' | 'error' | 'notice';
  text: string;
  signature?: string;
  explorerUrl?: string;
}

export interface TrashState {
  modal: { way: TrashWay; asset: TrashAsset | null } | null;
  status: TrashStatus;
  flow: TrashFlow | null;
  assetId: string | null;
  error: { name: string; message: string } | null;
  /** Direct way: a failure that was not a cancellation, so the robust method is suggested next. */
  robustSuggested: boolean;
  outcome: TrashOutcome | null;
  banner: TrashBanner | null;
  /** While the hide-only fallback is offered: why the moves failed. */
  hideReasons: string[] | null;
}

export const initialState: TrashState = {
  modal: null,
  status: 'idle',
  flow: null,
  assetId: null,
  error: null,
  robustSuggested: false,
  outcome: null,
  banner: null,
  hideReasons: null,
};

/** The way has passed the guard: the wallet is asked, or what it approved is on its way (NetworkFeeLine.tsx). */
export const AWAITS_WALLET: readonly TrashStatus[] = ['awaitingSignature', 'sending', 'confirming'];
const ACTIVE: TrashStatus[] = ['building', 'awaitingSignature', 'sending', 'confirming', 'transferring'];
export const isTrashBusy = (status: TrashStatus): boolean => ACTIVE.includes(status);

function start(state: TrashState, flow: TrashFlow, assetId: string) {
  if (isTrashBusy(state.status)) return;
  Object.assign(state, { status: 'building', flow, assetId, error: null, outcome: null });
}

const trashSlice = createSlice({
  name: 'trash',
  initialState,
  reducers: {
    trashModalOpened(state, action: PayloadAction<{ way: TrashWay; asset?: TrashAsset }>) {
      if (isTrashBusy(state.status)) return;
      return { ...initialState, modal: { way: action.payload.way, asset: action.payload.asset ?? null } };
    },
    trashModalClosed(state) {
      if (isTrashBusy(state.status)) return;
      Object.assign(state, { ...initialState, banner: state.banner });
    },
    /** Direct way, docs/PRODUCT.md#trash-a-cnft chain: standard → fixed → 1000-lamport hide-only fallback. */
    trashRequested(state, action: PayloadAction<{ asset: TrashAsset }>) {
      start(state, 'trash', action.payload.asset.mint);
    },
    ownerBurnRequested(state, action: PayloadAction<{ asset: TrashAsset }>) {
      start(state, 'ownerBurn', action.payload.asset.mint);
    },
    delegatedTransferRequested(state, action: PayloadAction<{ asset: TrashAsset; proofData: AssetProofData | null }>) {
      start(state, 'delegatedTransfer', action.payload.asset.mint);
    },
    /** Ours: delegate one cNFT to the server from the delegated-transfer modal. */
    delegationRequested(state, action: PayloadAction<{ asset: TrashAsset }>) {
      start(state, 'delegation', action.payload.asset.mint);
    },
    trashStepReached(state, action: PayloadAction<TrashStep>) {
      if (isTrashBusy(state.status)) state.status = action.payload;
    },
    /** The way finished; `closeModal` for the ways whose modal gives way to the banner. */
    trashSucceeded(
      state,
      action: PayloadAction<{ outcome: TrashOutcome | null; banner?: TrashBanner; closeModal?: boolean }>,
    ) {
      if (!isTrashBusy(state.status)) return;
      const { outcome, banner, closeModal } = action.payload;
      Object.assign(state, { status: 'done', outcome, banner: banner ?? state.banner });
      if (closeModal) Object.assign(state, { ...initialState, banner: state.banner });
    },
    delegationSucceeded(state) {
      if (state.flow === 'delegation' && isTrashBusy(state.status))
        Object.assign(state, { status: 'idle', flow: null });
    },
    trashFailed(state, action: PayloadAction<{ error: { name: string; message: string }; robustSuggested?: boolean }>) {
      if (!isTrashBusy(state.status)) return;
      state.status = 'failed';
      state.error = action.payload.error;
      if (action.payload.robustSuggested) state.robustSuggested = true;
    },
    /** The robust modal closed with a result (never the key): the listener hides the asset and tells the user. */
    robustTrashFinished(state, action: PayloadAction<{ asset: TrashAsset; outcome?: TrashOutcome; error?: string }>) {
      if (isTrashBusy(state.status)) return;
      const { error } = action.payload;
      Object.assign(state, { ...initialState, banner: error ? { kind: 'error', text: error } : state.banner });
    },
    /** The moves failed: ask before the hide-only fallback (the listener waits for hideOnlyAnswered). */
    trashHideOffered(state, action: PayloadAction<{ reasons: string[] }>) {
      if (!isTrashBusy(state.status)) return;
      Object.assign(state, { status: 'hideOffer', hideReasons: action.payload.reasons });
    },
    /** Yes: the fallback runs (busy again). No: nothing is sent; the robust way is suggested next. */
    hideOnlyAnswered(state, action: PayloadAction<{ accept: boolean; declinedText?: string }>) {
      if (state.status !== 'hideOffer') return;
      state.hideReasons = null;
      if (action.payload.accept) state.status = 'sending';
      else
        Object.assign(state, {
          status: 'failed',
          error: { name: 'HideDeclinedError', message: action.payload.declinedText ?? '' },
          robustSuggested: true,
        });
    },
    trashBannerShown(state, action: PayloadAction<TrashBanner>) {
      state.banner = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectTrash: (s) => s,
    selectTrashModal: (s) => s.modal,
    selectTrashBanner: (s) => s.banner,
    selectTrashBusy: (s) => isTrashBusy(s.status),
  },
});

export const {
  trashModalOpened,
  trashModalClosed,
  trashRequested,
  ownerBurnRequested,
  delegatedTransferRequested,
  delegationRequested,
  trashStepReached,
  trashSucceeded,
  delegationSucceeded,
  trashFailed,
  robustTrashFinished,
  trashHideOffered,
  hideOnlyAnswered,
  trashBannerShown,
} = trashSlice.actions;
export const { selectTrash, selectTrashModal, selectTrashBanner, selectTrashBusy } = trashSlice.selectors;
export default trashSlice;
export { trashSlice };
