import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueueAsset, QueueStatus } from '../../../common/api';
import { walletDisconnected } from '../../../app/events';

// docs/PRODUCT.md#queued-cnft-trash, #trash-a-cnft queued cNFT trash: initial → creating_queue → processing (authorised, polled) → complete.
// Cancel (or a failure) returns to initial.

export type QueueFlowStatus = 'initial' | 'creating_queue' | 'processing' | 'complete';

export interface QueueState {
  status: QueueFlowStatus;
  assets: QueueAsset[];
  queueId: string | null;
  progress: QueueStatus | null;
  error: { name: string; message: string } | null;
  /** What the flow is doing now (a line under the state), e.g. 'Approve the delegation in your wallet...'. */
  step: string | null;
  /** Set 2 s after completion with at least one success (docs/PRODUCT.md#trash-a-cnft success callback). */
  succeeded: { completed: number } | null;
  /** The server's status as its cancel answer gave it: what had already happened before the cancel took hold. */
  cancelled: QueueStatus | null;
  /**
   * A cancel before the owner authorised the queue (the server never runs such a queue, so it moved nothing).
   * `delegated`: the cNFTs whose delegation landed for this run, before or after the cancel (the revoke offer's).
   */
  cancelledEarly: { delegated: string[] } | null;
  /** The cNFTs this run delegated to the server (set when the delegation step ends). */
  delegated: string[];
  /** The queue this modal cancelled: its status answers (until nothing is in flight) are this modal's to show. */
  cancelledId: string | null;
}

export const initialState: QueueState = {
  status: 'initial',
  assets: [],
  queueId: null,
  progress: null,
  error: null,
  step: null,
  succeeded: null,
  cancelled: null,
  cancelledEarly: null,
  delegated: [],
  cancelledId: null,
};

const queueSlice = createSlice({
  name: 'queue',
  initialState,
  reducers: {
    queueStartRequested(state, action: PayloadAction<{ assets: QueueAsset[] }>) {
      if (state.status !== 'initial') return;
      Object.assign(state, initialState, { status: 'creating_queue', assets: action.payload.assets });
    },
    queueCreated(state, action: PayloadAction<{ queueId: string }>) {
      if (state.status !== 'creating_queue') return;
      state.queueId = action.payload.queueId;
    },
    queueAuthorized(state) {
      if (state.status === 'creating_queue' && state.queueId) state.status = 'processing';
    },
    queueStatusUpdated(state, action: PayloadAction<QueueStatus>) {
      if (state.status !== 'processing') return;
      state.progress = action.payload;
      if (action.payload.isComplete) state.status = 'complete';
    },
    queueStepChanged(state, action: PayloadAction<string | null>) {
      state.step = action.payload;
    },
    queueSucceeded(state, action: PayloadAction<{ completed: number }>) {
      if (state.status === 'complete') state.succeeded = action.payload;
    },
    queueFailed(state, action: PayloadAction<{ name: string; message: string }>) {
      Object.assign(state, { status: 'initial', queueId: null, progress: null, step: null, error: action.payload });
    },
    /** The delegation step ended; arrives after a cancel too when the wallet's approval came later. */
    queueDelegated(state, action: PayloadAction<{ assetIds: string[] }>) {
      state.delegated = action.payload.assetIds;
      if (state.cancelledEarly) state.cancelledEarly = { delegated: action.payload.assetIds };
    },
    queueCancelRequested(state) {
      const early = state.status === 'creating_queue';
      Object.assign(state, {
        cancelledEarly: early ? { delegated: state.delegated } : null,
        cancelledId: state.queueId,
        status: 'initial',
        queueId: null,
        progress: null,
        step: null,
        error: null,
        cancelled: null,
      });
    },
    /** The cancelled queue's status: the cancel's answer, then each poll until nothing is in flight (meta: its id). */
    queueCancelAnswered: {
      reducer(state, action: PayloadAction<QueueStatus, string, string>) {
        // A new run started meanwhile, or the modal closed: the listeners still record what moved.
        if (state.status !== 'initial' || state.cancelledId !== action.meta) return;
        state.cancelled = action.payload;
        state.progress = action.payload;
      },
      prepare: (status: QueueStatus, queueId: string) => ({ payload: status, meta: queueId }),
    },
    queueClosed() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectQueue: (state) => state,
    selectQueueStatus: (state) => state.status,
    selectQueueProgress: (state) => state.progress,
  },
});

export const {
  queueCancelAnswered,
  queueStartRequested,
  queueCreated,
  queueAuthorized,
  queueStatusUpdated,
  queueFailed,
  queueStepChanged,
  queueSucceeded,
  queueCancelRequested,
  queueClosed,
  queueDelegated,
} = queueSlice.actions;
export const { selectQueue, selectQueueStatus, selectQueueProgress } = queueSlice.selectors;
export default queueSlice;
export { queueSlice };
