import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ACTIVITY_MAX_ENTRIES,
  ACTIVITY_RECENT_MAX_SHOWN,
  ACTIVITY_RECENT_WINDOW_MS,
  LAMPORTS_PER_SOL,
} from '../../../common/constants';

// The local activity log of docs/PRODUCT.md#recent-activity, #data-and-defaults. Persisted (redux-persist, src/app/persist); survives wallet changes
// on purpose: it is the browser's own history, like the spec's local-storage key.

export type ActivityType =
  | 'nft-burn'
  | 'token-burn'
  | 'vacant-burn'
  | 'resize'
  | 'batch-burn'
  | 'cnft-trash'
  | 'cnft-burn'
  /** The recovery sources (PRODUCT difference 19); a lookup table's deactivation is remembered with its ready slot. */
  | 'recovery'
  | 'table-deactivated';

export interface ActivityEntry {
  id: string;
  type: ActivityType;
  title: string;
  description: string;
  /** Recovered rent in lamports (integer) — the money. */
  lamports: number;
  /** The same amount in SOL, the spec's `recovery` field, for display only. */
  recovery: number;
  /** Epoch ms. The spec's `time` (relative text) is derived when shown, see relativeTime (src/common/texts). */
  timestamp: number;
  signature?: string;
  /** Transactions the entry stands for (a bulk burn or a recovery may take several); 1 when not said. */
  transactions?: number;
  /** table-deactivated: the table, and the slot from which its close can run. */
  address?: string;
  readySlot?: number;
}

export interface ActivityState {
  entries: ActivityEntry[]; // newest first
}

export const initialState: ActivityState = { entries: [] };

export type NewActivity = Omit<ActivityEntry, 'id' | 'recovery'>;

const activitySlice = createSlice({
  name: 'activity',
  initialState,
  reducers: {
    activityRecorded: {
      reducer(state, action: PayloadAction<ActivityEntry>) {
        if (state.entries.some((e) => e.id === action.payload.id)) return;
        state.entries.unshift(action.payload);
        state.entries.sort((a, b) => b.timestamp - a.timestamp);
        state.entries.splice(ACTIVITY_MAX_ENTRIES);
      },
      prepare(entry: NewActivity) {
        const lamports = Math.max(0, Math.round(entry.lamports));
        const id = entry.signature ?? `${entry.type}-${entry.timestamp}-${Math.random().toString(36).slice(2, 8)}`;
        return { payload: { ...entry, id, lamports, recovery: lamports / LAMPORTS_PER_SOL } };
      },
    },
    activityCleared(state) {
      state.entries = [];
    },
  },
});

export const { activityRecorded, activityCleared } = activitySlice.actions;
export default activitySlice;
export { activitySlice };

type WithActivity = { activity: ActivityState };
export const selectActivityEntries = (state: WithActivity) => state.activity.entries;

/** Entries of the last 24 h, newest first, at most 10 — and the day's totals over exactly those entries. */
export const selectRecentActivity = createSelector(
  [selectActivityEntries, (_: WithActivity, now: number) => now],
  (entries, now) => {
    const recent = entries
      .filter((e) => now - e.timestamp <= ACTIVITY_RECENT_WINDOW_MS && e.timestamp <= now + 60_000)
      .slice(0, ACTIVITY_RECENT_MAX_SHOWN);
    const totalLamports = recent.reduce((sum, e) => sum + e.lamports, 0);
    // The summary's 'Transactions' counts transactions, not entries: one bulk burn of three transactions is three.
    const count = recent.reduce((sum, e) => sum + (e.transactions ?? 1), 0);
    return { entries: recent, totalLamports, count };
  },
);
