import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CollectionParent } from '../../../chain/nftBurnPlan';
import type { ValuableItem } from '../../assets/value';
import { walletDisconnected } from '../../../app/events';

// The review step before any burn (PRODUCT, the page: Review before signing): what will be destroyed, what comes back — the owner's SOL change as
// the chain simulates the very transactions the wallet will be asked to sign — and the fees. The burn listener
// opens it and waits for reviewConfirmed / reviewCancelled; nothing is signed before the user confirms.

export interface ReviewItem {
  mint: string;
  label: string;
}

export interface BurnReview {
  id: number;
  destroyed: ReviewItem[];
  /** Of the destroyed, those worth more than their accounts return: Confirm waits for a second yes (PRODUCT difference 14). */
  valuable: ValuableItem[];
  unwrapped: ReviewItem[];
  /** Of the destroyed, the collection NFTs: the review warns before they are burned. */
  collections?: CollectionParent[];
  /** Lamports of the accounts the transactions close (before any service fee). */
  rentLamports: number;
  /** Of which wrapped SOL: the owner's own SOL, not recovered rent. */
  unwrapLamports: number;
  serviceFeeLamports: number;
  networkFeeLamports: number;
  /** The owner's balance change: rent read from the chain − service fee − network fee. */
  solChangeLamports: number;
  /** The same, summed over the simulated transactions (fees included) as the chain answered. */
  simulatedChangeLamports: number;
  transactions: number;
  /** The empty-account recovery (same dialog): the accounts closed and those left alone, with their reasons. */
  closed?: ReviewItem[];
  /** The heading over `closed` when it lists other accounts than empty token accounts (the recovery sources). */
  closedTitle?: string;
  leftAlone?: ReviewItem[];
  /** Of `rentLamports`, the SOL above rent withdrawn from accounts the owner keeps (the banner's tick). */
  surplusLamports?: number;
  /** Of `rentLamports`, the owner's own SOL that comes back (stake principal, wrapped SOL): not rent, no fee on it. */
  principalLamports?: number;
  /** Of `rentLamports`, rewards a program pays out (Pump creator fees, cashback): charged like rent, named apart. */
  rewardsLamports?: number;
  /** SolBack's relayer pays the network fee and is repaid in the same transaction: two signatures per transaction. */
  relayed?: boolean;
  /** Recover everything: one line per kind (what comes back, the service fee, the network fee), and later steps. */
  perKind?: ReviewItem[];
  later?: ReviewItem[];
}

export interface ReviewState {
  seq: number;
  open: BurnReview | null;
}

export const initialState: ReviewState = { seq: 0, open: null };

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {
    /** `id` is the next `seq` (the step reads it before opening, so it can wait for the answer first). */
    reviewOpened(state, action: PayloadAction<BurnReview>) {
      state.seq = Math.max(state.seq, action.payload.id);
      state.open = action.payload;
    },
    reviewConfirmed(state, action: PayloadAction<number>) {
      if (state.open?.id === action.payload) state.open = null;
    },
    reviewCancelled(state, action: PayloadAction<number>) {
      if (state.open?.id === action.payload) state.open = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletDisconnected, () => initialState);
  },
  selectors: {
    selectOpenReview: (s) => s.open,
  },
});

export const { reviewOpened, reviewConfirmed, reviewCancelled } = reviewSlice.actions;
export const { selectOpenReview } = reviewSlice.selectors;
export default reviewSlice;
