// The queue store shared by every process on one Redis (REDIS_URL). Why plain keys with leases rather than BullMQ:
// the unit of truth is the whole queue record (the status any process answers, cancel, each item's recorded
// signature), and exactly-once needs the item marked 'sending' with its signature before the send, fenced by the
// worker's lease. BullMQ would keep a second copy of that state in its jobs and re-run a stalled job on its own
// terms; a record per queue, a compare-and-set update and a lease per queue are a few Lua lines with the same
// contract as the file store, so one contract suite covers both.
//   solback:queue:<id>        the QueueRecord as JSON (kept RECORD_TTL_MS after its last change; 10 minutes unauthorised)
//   solback:queues:active     ids of queues with work left (listActive)
//   solback:queue-lease:<id>  the worker holding the queue, expiring unless renewed (a dead process stops renewing)
import type { Redis } from 'ioredis';
import { PENDING_QUEUE_TTL_MS } from './pendingQueues';
import { REDIS_PREFIX } from '../shared/redis';
import { isActiveQueue, LeaseLostError, type QueueRecord, type QueueStore, type UpdateOptions } from './queueStore';

const RECORD_TTL_MS = 30 * 24 * 3600_000;
const MAX_CAS_TRIES = 100;
/** An unauthorised queue expires like the file store's memory-held one (pendingQueues.ts); authorising keeps it. */
const ttlOf = (q: QueueRecord) => (q.authorizedAt ? RECORD_TTL_MS : PENDING_QUEUE_TTL_MS);

// KEYS: record, active set, lease. ARGV: expected JSON, new JSON, id, active 1|0, lease holder or '', ttl ms.
const UPDATE = `
if ARGV[5] ~= '' and redis.call('GET', KEYS[3]) ~= ARGV[5] then return -1 end
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[6])
if ARGV[4] == '1' then redis.call('SADD', KEYS[2], ARGV[3]) else redis.call('SREM', KEYS[2], ARGV[3]) end
return 1`;
// KEYS: lease. ARGV: worker, ttl ms.
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 1`;

export class RedisQueueStore implements QueueStore {
  readonly shared = true;
  private readonly activeKey = `${REDIS_PREFIX}queues:active`;

  constructor(private readonly redis: Redis) {}

  private recordKey = (id: string) => `${REDIS_PREFIX}queue:${id}`;
  private leaseKey = (id: string) => `${REDIS_PREFIX}queue-lease:${id}`;

  async create(record: QueueRecord): Promise<void> {
    const created = await this.redis.set(this.recordKey(record.id), JSON.stringify(record), 'PX', ttlOf(record), 'NX');
    if (created !== 'OK') throw new Error(`queue ${record.id} already exists`);
    if (isActiveQueue(record)) await this.redis.sadd(this.activeKey, record.id);
  }

  async get(id: string): Promise<QueueRecord | null> {
    const raw = await this.redis.get(this.recordKey(id));
    return raw ? (JSON.parse(raw) as QueueRecord) : null;
  }

  async update(id: string, mutate: (q: QueueRecord) => void, opts: UpdateOptions = {}): Promise<QueueRecord> {
    for (let i = 0; i < MAX_CAS_TRIES; i++) {
      const raw = await this.redis.get(this.recordKey(id));
      if (!raw) throw new Error(`queue ${id} not found`);
      const q = JSON.parse(raw) as QueueRecord;
      mutate(q);
      const next = JSON.stringify(q);
      const keys = [this.recordKey(id), this.activeKey, this.leaseKey(id)];
      const args = [raw, next, id, isActiveQueue(q) ? '1' : '0', opts.lease ?? '', String(ttlOf(q))];
      const done = (await this.redis.eval(UPDATE, keys.length, ...keys, ...args)) as number;
      if (done === 1) return q;
      if (done === -1) throw new LeaseLostError(id);
      // 0: another process changed the queue in between; run the mutation again on its version.
    }
    throw new Error(`queue ${id}: too many concurrent updates`);
  }

  async listActive(): Promise<QueueRecord[]> {
    const ids = await this.redis.smembers(this.activeKey);
    if (ids.length === 0) return [];
    const raws = await this.redis.mget(ids.map(this.recordKey));
    const out: QueueRecord[] = [];
    raws.forEach((raw, i) => {
      const q = raw ? (JSON.parse(raw) as QueueRecord) : null;
      if (q && isActiveQueue(q)) out.push(q);
      else if (!q) void this.redis.srem(this.activeKey, ids[i]); // expired record: forget its id
    });
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  async claim(id: string, worker: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(CLAIM, 1, this.leaseKey(id), worker, String(ttlMs))) === 1;
  }

  async release(id: string, worker: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.leaseKey(id), worker);
  }
}
