// One QueueStore contract, two implementations: the file store (default) and the Redis store (REDIS_URL) pass the
// same suite. `peer` is how a second worker sees the store: another process on the same Redis, or (the file store
// serves one process per DATA_DIR) the same instance.
import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  FileQueueStore,
  LeaseLostError,
  type QueueRecord,
  type QueueStore,
} from '../../backend/services/queue/queueStore';
import { RedisQueueStore } from '../../backend/services/queue/redisQueueStore';
import { describeWithRedis, startRedis, type TestRedis } from '../support/redisServer';

interface Opened {
  store: QueueStore;
  peer: QueueStore;
  close(): Promise<void>;
}

let n = 0;
const record = (over: Partial<QueueRecord> = {}): QueueRecord => ({
  id: `queue-${++n}-${Date.now()}`,
  owner: 'Owner1111111111111111111111111111111111111',
  createdAt: Date.now() + n,
  items: ['A', 'B', 'C'].map((a) => ({
    assetId: `asset${a}`,
    name: a,
    image: null,
    state: 'pending' as const,
    attempts: 0,
    updatedAt: 0,
  })),
  ...over,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function queueStoreContract(open: () => Promise<Opened>) {
  let o: Opened;
  beforeEach(async () => {
    o = await open();
  });
  afterEach(() => o.close());

  it('creates, reads back and refuses unknown ids', async () => {
    const q = record();
    await o.store.create(q);
    expect(await o.peer.get(q.id)).toEqual(q);
    expect(await o.store.get('no-such-queue-id')).toBeNull();
    await expect(o.store.update('no-such-queue-id', () => undefined)).rejects.toThrow('not found');
  });

  it('update runs the mutation on the stored version and persists it; concurrent updates lose nothing', async () => {
    const q = record();
    await o.store.create(q);
    const after = await o.store.update(q.id, (r) => void (r.authorizedAt = 42));
    expect(after.authorizedAt).toBe(42);
    expect((await o.peer.get(q.id))!.authorizedAt).toBe(42);
    await Promise.all(
      q.items.map((it, i) =>
        (i % 2 ? o.peer : o.store).update(q.id, (r) => {
          r.items.find((x) => x.assetId === it.assetId)!.attempts = i + 1;
        }),
      ),
    );
    expect((await o.store.get(q.id))!.items.map((i) => i.attempts)).toEqual([1, 2, 3]);
  });

  it('lists authorised queues with work left, oldest first', async () => {
    const notAuthorised = record();
    const done = record({ authorizedAt: 1 });
    done.items.forEach((i) => (i.state = 'completed'));
    const cancelledButSending = record({ authorizedAt: 1, cancelledAt: 2 });
    cancelledButSending.items[0].state = 'sending';
    const cancelled = record({ authorizedAt: 1, cancelledAt: 2 });
    const older = record({ authorizedAt: 1, createdAt: 1 });
    for (const q of [notAuthorised, done, cancelledButSending, cancelled, older]) await o.store.create(q);
    const later = record();
    await o.store.create(later);
    await o.store.update(later.id, (r) => void (r.authorizedAt = 5));
    const active = (await o.peer.listActive()).map((q) => q.id);
    expect(active).toEqual([older.id, cancelledButSending.id, later.id].sort((a, b) => ids(a) - ids(b)));
    // Work finished: the queue leaves the list.
    await o.store.update(later.id, (r) => r.items.forEach((i) => (i.state = 'completed')));
    expect((await o.peer.listActive()).map((q) => q.id)).not.toContain(later.id);
    function ids(id: string) {
      return [older, cancelledButSending, later].find((q) => q.id === id)!.createdAt;
    }
  });

  it('a lease excludes other workers until released or expired, and its holder renews it', async () => {
    const q = record();
    await o.store.create(q);
    expect(await o.store.claim(q.id, 'worker-a', 5_000)).toBe(true);
    expect(await o.peer.claim(q.id, 'worker-b', 5_000)).toBe(false);
    expect(await o.store.claim(q.id, 'worker-a', 300)).toBe(true); // renewed, now with a short life
    await o.peer.release(q.id, 'worker-b'); // not the holder: no effect
    expect(await o.peer.claim(q.id, 'worker-b', 5_000)).toBe(false);
    await sleep(400); // the holder stopped renewing (a dead process): the lease expires
    expect(await o.peer.claim(q.id, 'worker-b', 5_000)).toBe(true);
    await o.peer.release(q.id, 'worker-b');
    expect(await o.store.claim(q.id, 'worker-a', 5_000)).toBe(true);
  });

  it('a write fenced by a lease the worker no longer holds is refused and changes nothing', async () => {
    const q = record({ authorizedAt: 1 });
    await o.store.create(q);
    expect(await o.store.claim(q.id, 'worker-a', 200)).toBe(true);
    await o.store.update(q.id, (r) => void (r.items[0].state = 'sending'), { lease: 'worker-a' });
    await sleep(300);
    expect(await o.peer.claim(q.id, 'worker-b', 5_000)).toBe(true);
    await expect(
      o.store.update(q.id, (r) => void (r.items[0].state = 'completed'), { lease: 'worker-a' }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect((await o.peer.get(q.id))!.items[0].state).toBe('sending');
    await o.peer.update(q.id, (r) => void (r.items[0].state = 'completed'), { lease: 'worker-b' });
    expect((await o.store.get(q.id))!.items[0].state).toBe('completed');
  });
}

describe('QueueStore contract: file store', () => {
  queueStoreContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-qstore-'));
    const store = new FileQueueStore(dir);
    return { store, peer: store, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  });
});

describeWithRedis('QueueStore contract: Redis store', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());
  queueStoreContract(async () => {
    const a = redis.client();
    const b = redis.client();
    await a.flushall();
    return {
      store: new RedisQueueStore(a),
      peer: new RedisQueueStore(b),
      close: async () => {
        await Promise.all([a.quit(), b.quit()]);
      },
    };
  });
});
