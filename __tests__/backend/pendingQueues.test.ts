// Unauthorised queues in memory (RELIABILITY, "Hostile clients"): at most MAX_PENDING_QUEUES, a full store refusing
// new ones and never dropping a held one, each forgotten PENDING_QUEUE_TTL_MS after it arrived (a cancel keeps that time).
import { MAX_PENDING_QUEUES, PENDING_QUEUE_TTL_MS, PendingQueues } from '../../backend/services/queue/pendingQueues';
import type { QueueRecord } from '../../backend/services/queue/queueStore';

const queue = (id: string, note = '') => ({ id, note }) as unknown as QueueRecord;

it('holds at most MAX_PENDING_QUEUES; a full store refuses the next (503) and keeps every held one until it expires', () => {
  let now = 1_000;
  const held = new PendingQueues(() => now);
  for (let i = 0; i < MAX_PENDING_QUEUES; i++) held.put(queue(`q${i}`));
  expect(() => held.put(queue('newest'))).toThrow(expect.objectContaining({ status: 503 }));
  expect(held.size).toBe(MAX_PENDING_QUEUES);
  expect(held.get('q0')).toEqual(queue('q0'));
  expect(held.get('newest')).toBeNull();
  now += PENDING_QUEUE_TTL_MS + 1; // they lapse: room again
  held.put(queue('newest'));
  expect(held.get('newest')).toEqual(queue('newest'));
});

it('forgets a queue PENDING_QUEUE_TTL_MS after it arrived, a replaced one too; answers copies', () => {
  let now = 1_000;
  const held = new PendingQueues(() => now);
  held.put(queue('a'));
  now += PENDING_QUEUE_TTL_MS / 2;
  held.replace(queue('a', 'cancelled'));
  const copy = held.get('a')!;
  expect(copy).toEqual(queue('a', 'cancelled'));
  (copy as unknown as { note: string }).note = 'changed by a caller';
  expect(held.get('a')).toEqual(queue('a', 'cancelled'));
  now += PENDING_QUEUE_TTL_MS / 2;
  expect(held.get('a')).not.toBeNull();
  now += 1;
  expect(held.get('a')).toBeNull();
  held.replace(queue('a', 'late')); // a replace never brings back an expired queue
  expect(held.get('a')).toBeNull();
});
