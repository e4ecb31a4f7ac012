// Builds the transfer queue once per app: its store and the one worker that drains it. Routes only receive it
// through Services, so a second app in the same process (tests, restarts) gets its own worker.
import type { Redis } from 'ioredis';
import type { QueueService, Services } from '../../context';
import { FileQueueStore } from './queueStore';
import { createQueueWorker, type QueueWorkerOptions } from './queueWorker';
import { RedisQueueStore } from './redisQueueStore';

type QueueDeps = Pick<Services, 'config' | 'logger' | 'rpc' | 'das' | 'connection' | 'delegate'>;

/** With Redis, every process shares the queues and takes over those of a process that died; else DATA_DIR's files. */
export function createQueueService(deps: QueueDeps, redis?: Redis, opts: QueueWorkerOptions = {}): QueueService {
  const store = redis ? new RedisQueueStore(redis) : new FileQueueStore(deps.config.dataDir);
  return { store, worker: createQueueWorker(deps, store, opts) };
}
