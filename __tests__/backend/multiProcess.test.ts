// Two server processes on one Redis behave as one (README, several server processes on one Redis). A queue of 10 cNFTs authorised through A;
// A is killed with SIGKILL while it is sending; B takes the queue over once A's lease expires, settles the item A
// left 'sending' from its recorded signature, and finishes: every cNFT moved exactly once (the chain's successful
// transfers and the local DAS agree), and the status read through B is complete. A rate limit of N per minute
// holds across both processes.
import { Redis } from 'ioredis';
import { describeWithRedis } from '../support/redisServer';
import {
  createAuthorisedQueue,
  delegateAll,
  fundCnfts,
  queueStatus,
  startQueueCluster,
  successfulTransactionsNaming,
  type QueueCluster,
} from '../support/queueCluster';
import type { QueueRecord } from '../../backend/services/queue/queueStore';
import { until } from '../support/until';
import { RATE_LIMITED } from '../../src/common/texts';

jest.setTimeout(240_000);
const PER_MINUTE = 5;
const TOO_MANY = { success: false, error: RATE_LIMITED };

describeWithRedis('two server processes on one Redis', () => {
  let cluster: QueueCluster;
  let redis: Redis;
  beforeAll(async () => {
    // TRUST_PROXY: the test speaks from this machine as a proxy would, naming the client in X-Forwarded-For.
    cluster = await startQueueCluster(2, { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), TRUST_PROXY: '1' });
    redis = new Redis(cluster.redis.url);
  });
  afterAll(async () => {
    await redis?.quit();
    await cluster?.close();
  });

  it(`a rate limit of ${PER_MINUTE} per minute holds across both processes`, async () => {
    const [a, b] = cluster.servers;
    const from = (url: string) => fetch(`${url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.50' } });
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) statuses.push((await from(i % 2 ? b.url : a.url)).status);
    expect(statuses).toEqual(Array(PER_MINUTE).fill(200));
    for (const url of [b.url, a.url]) {
      const refused = await from(url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client is not affected.
    const other = await fetch(`${b.url}/api/config`, { headers: { 'x-forwarded-for': '198.51.100.60' } });
    expect(other.status).toBe(200);
  });

  it('A is killed mid-queue; B finishes it; every cNFT moved exactly once', async () => {
    const [a, b] = cluster.servers;
    const { owner, cnfts } = await fundCnfts(cluster, 10);
    const ids = cnfts.map((c) => c.assetId);
    await delegateAll(cluster, a.url, owner, ids);
    const before = new Set(await successfulTransactionsNaming(cluster, cluster.trashWallet));

    const queueId = await createAuthorisedQueue(a.url, owner, cnfts);
    const record = async () => JSON.parse((await redis.get(`solback:queue:${queueId}`))!) as QueueRecord;
    const leaseHolder = () => redis.get(`solback:queue-lease:${queueId}`);
    // Kill A while it is sending: at least two done, one recorded 'sending' with its signature, some still pending.
    const atKill = await until(
      async () => {
        const q = await record();
        const done = q.items.filter((i) => i.state === 'completed').length;
        const sending = q.items.find((i) => i.state === 'sending' && i.signature);
        return done >= 2 && sending && q.items.some((i) => i.state === 'pending') && { q, holder: await leaseHolder() };
      },
      120_000,
      { every: 10 },
    );
    await a.kill();
    expect(atKill.holder).toContain(`:${a.pid}:`); // A, not B, was working on it
    const doneAtKill = atKill.q.items.filter((i) => i.state === 'completed').length;
    expect(doneAtKill).toBeLessThan(10);

    const holders: string[] = []; // each change of the lease's holder, in order
    const done = await until(
      async () => {
        const holder = await leaseHolder();
        if (holder && holder !== holders[holders.length - 1]) holders.push(holder);
        const s = await queueStatus(b.url, queueId);
        return s.isComplete && s;
      },
      120_000,
      { every: 20 },
    );
    // A's lease outlives A until it expires; then B holds the queue, and A never again.
    const firstB = holders.findIndex((h) => h.includes(`:${b.pid}:`));
    expect(firstB).toBeGreaterThanOrEqual(0);
    expect(holders.slice(firstB).some((h) => h.includes(`:${a.pid}:`))).toBe(false);
    expect(done).toMatchObject({ completed: 10, failed: 0, pending: 0, processing: 0, total: 10, authorized: true });
    const finalRecord = await record();
    expect(finalRecord.items.every((i) => i.state === 'completed')).toBe(true);

    // The local DAS: every cNFT is the trash wallet's.
    for (const id of ids) {
      const res = await fetch(`${b.url}/api/helius/asset/${id}`);
      expect((await res.json()).data.ownership.owner).toBe(cluster.trashWallet);
    }
    // The chain: exactly 10 new successful transfers into the trash wallet, and they are the recorded signatures.
    const after = (await successfulTransactionsNaming(cluster, cluster.trashWallet)).filter((s) => !before.has(s));
    const recorded = done.completedAssets.map((x: { signature: string }) => x.signature);
    expect(after.length).toBe(10);
    expect(new Set(recorded).size).toBe(10);
    expect(new Set(after)).toEqual(new Set(recorded));
    const leftSending = atKill.q.items.find((i) => i.state === 'sending')!;
    const settled =
      recorded[done.completedAssets.findIndex((x: { assetId: string }) => x.assetId === leftSending.assetId)];
    const how =
      settled === leftSending.signature
        ? 'landed with the signature A recorded'
        : "A's send expired unlanded; B sent anew";
    console.log(
      `multi-process queue: A killed after ${doneAtKill}/10 with one item sending (${how}); B completed the rest`,
    );
  });
});
