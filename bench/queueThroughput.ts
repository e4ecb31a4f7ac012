// Queue throughput (README, several server processes on one Redis): cNFTs moved to the trash wallet per minute by server processes sharing one Redis,
// with one and with two processes. Two queues of the same size are authorised at once (one through each process
// when there are two): one queue is worked by one process at a time (its lease), so a second process helps when
// there is more than one queue. Every process runs in upstream mode against one chain process (queueCluster.ts).
import { redisInstalled, REDIS_SERVER } from '../__tests__/support/redisServer';
import {
  createAuthorisedQueue,
  delegateAll,
  fundCnfts,
  queueStatus,
  startQueueCluster,
} from '../__tests__/support/queueCluster';
import { QUICK } from './support';

export interface QueueThroughputRow {
  processes: number;
  queues: number;
  moved: number;
  ms: number;
  perMinute: number;
}

export interface QueueThroughputResult {
  perQueue: number;
  rows: QueueThroughputRow[];
}

const QUEUES = 2;

async function measure(processes: number, perQueue: number, log: (s: string) => void): Promise<QueueThroughputRow> {
  const cluster = await startQueueCluster(processes);
  try {
    const owners = [];
    for (let i = 0; i < QUEUES; i++) {
      const funded = await fundCnfts(cluster, perQueue);
      await delegateAll(
        cluster,
        cluster.servers[0].url,
        funded.owner,
        funded.cnfts.map((c) => c.assetId),
      );
      owners.push(funded);
    }
    const t0 = performance.now();
    const queues = await Promise.all(
      owners.map((o, i) => {
        const url = cluster.servers[i % processes].url;
        return createAuthorisedQueue(url, o.owner, o.cnfts).then((id) => ({ id, url }));
      }),
    );
    let moved = 0;
    for (const q of queues) {
      for (;;) {
        const s = await queueStatus(q.url, q.id);
        if (s.isComplete) {
          if (s.failed) throw new Error(`queue ${q.id}: ${s.failed} failed: ${JSON.stringify(s.failedAssets)}`);
          moved += s.completed;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const ms = performance.now() - t0;
    const row = { processes, queues: QUEUES, moved, ms, perMinute: (moved * 60_000) / ms };
    log(`queue: ${processes} process(es): ${moved} cNFTs in ${(ms / 1000).toFixed(1)} s`);
    return row;
  } finally {
    await cluster.close();
  }
}

export async function measureQueueThroughput(log: (s: string) => void): Promise<QueueThroughputResult> {
  if (!redisInstalled) throw new Error(`${REDIS_SERVER} is not installed (apt-get install redis-server)`);
  const perQueue = QUICK ? 4 : 10;
  const rows = [await measure(1, perQueue, log), await measure(2, perQueue, log)];
  return { perQueue, rows };
}
