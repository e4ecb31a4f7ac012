// Per-client counts in a sliding window (backend/services/limits/windowCounter.ts): at most MAX_TRACKED_CLIENTS clients,
// the one used longest ago forgotten first; a use counts for exactly one window.
import { MAX_TRACKED_CLIENTS, windowCounter } from '../../backend/services/limits/windowCounter';

const WINDOW_MS = 60_000;

it('tracks at most MAX_TRACKED_CLIENTS clients; the one used longest ago goes first, a refusal keeps no one', () => {
  const counter = windowCounter(2, WINDOW_MS, () => 1_000);
  expect(counter.take('busy')).toBe(true);
  for (let i = 1; i < MAX_TRACKED_CLIENTS; i++) expect(counter.take(`client${i}`)).toBe(true);
  expect(counter.take('busy')).toBe(true); // seen first, used last
  expect(counter.take('busy')).toBe(false);
  expect(counter.take('one more')).toBe(true);
  expect(counter.take('busy')).toBe(false); // still counted: client1 was used longest ago
  expect(counter.take('client1')).toBe(true);
  expect(counter.take('client1')).toBe(true); // forgotten, so counted afresh
  expect(counter.take(null)).toBe(true); // the operator is never counted
});

it('counts a use for one window; a use given back is not counted', () => {
  let now = 1_000;
  const counter = windowCounter(1, WINDOW_MS, () => now);
  expect(counter.take('a')).toBe(true);
  now += WINDOW_MS - 1;
  expect(counter.take('a')).toBe(false);
  now += 1;
  expect(counter.take('a')).toBe(true);
  counter.giveBack('a');
  expect(counter.take('a')).toBe(true);
  expect(counter.take('a')).toBe(false);
});
