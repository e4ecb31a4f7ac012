import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ActivityPanel } from '../../../src/features/activity/activity/ActivityPanel';
import {
  activityRecorded,
  activitySlice,
  selectRecentActivity,
} from '../../../src/features/activity/activity/activitySlice';
import { formatSol } from '../../../src/chain/format';
import { ACTIVITY, relativeTime } from '../../../src/common/texts';

const HOUR = 3_600_000;
const makeStore = () => configureStore({ reducer: combineSlices(activitySlice) });
const entry = (ts: number, lamports: number, n = 0) =>
  activityRecorded({
    type: 'token-burn',
    title: `Burn ${n}`,
    description: 'd',
    lamports,
    timestamp: ts,
    signature: `sig${n}`,
  });

describe('activity log', () => {
  it('keeps at most 50 entries, newest first, lamports as integers', () => {
    const store = makeStore();
    const now = Date.now();
    for (let i = 0; i < 60; i++) store.dispatch(entry(now - (60 - i) * 1000, 2_039_280, i));
    const { entries } = store.getState().activity;
    expect(entries).toHaveLength(50);
    expect(entries[0].title).toBe('Burn 59');
    expect(entries[0].lamports).toBe(2_039_280);
    expect(entries[0].recovery).toBeCloseTo(0.00203928, 9);
  });

  it('shows the last 24 h only, at most 10, and totals exactly those', () => {
    const store = makeStore();
    const now = Date.now();
    store.dispatch(entry(now - 25 * HOUR, 9_999_999, 100));
    for (let i = 0; i < 12; i++) store.dispatch(entry(now - i * HOUR, 1_000_000 + i, i));
    const recent = selectRecentActivity(store.getState(), now);
    expect(recent.count).toBe(10);
    expect(recent.entries[0].title).toBe('Burn 0');
    expect(recent.totalLamports).toBe(10 * 1_000_000 + 45);
    expect(recent.entries.some((e) => e.title === 'Burn 100')).toBe(false);
  });

  it("'Transactions' counts transactions, not entries: a bulk burn of 3 transactions is 3", () => {
    const store = makeStore();
    const now = Date.now();
    store.dispatch(entry(now - 2000, 2_000_000, 1)); // an entry that does not say: one transaction
    store.dispatch(activityRecorded({ ...entry(now - 1000, 6_000_000, 2).payload, transactions: 3 }));
    store.dispatch(activityRecorded({ ...entry(now - 500, 0, 3).payload, transactions: 0 })); // counted elsewhere
    expect(selectRecentActivity(store.getState(), now).count).toBe(4);
  });

  it('formats relative time and SOL as the spec says', () => {
    const now = 10 * 24 * HOUR;
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5m ago');
    expect(relativeTime(now - 3 * HOUR, now)).toBe('3h ago');
    expect(relativeTime(now - 50 * HOUR, now)).toBe('2d ago');
    expect(formatSol(2_039_280, 4)).toBe('0.0020');
    expect(formatSol(10_509_600, 4)).toBe('0.0105');
    expect(formatSol(1_999_950_000, 4)).toBe('2.0000');
  });

  it('panel: open by default, empty texts, entries, collapsible', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <ActivityPanel />
      </Provider>,
    );
    expect(screen.getByText(ACTIVITY.empty)).toBeInTheDocument();
    expect(screen.getByText(ACTIVITY.emptyHint)).toBeInTheDocument();
    act(() => {
      store.dispatch(entry(Date.now() - 1000, 2_039_280, 1));
    });
    const item = await screen.findByTestId('activity-entry');
    expect(within(item).getByText('+0.0020 SOL')).toBeInTheDocument();
    expect(within(item).getByText('just now')).toBeInTheDocument();
    expect(screen.getByTestId('activity-count')).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: /Recent Activity/ }));
    expect(screen.queryByTestId('activity-entry')).toBeNull();
  });
});
