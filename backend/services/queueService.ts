// Builds the transfer queue once per app: its store and the one worker that drains it. Routes only receive it
// through Services, so a second app in the same process (tests, restarts) gets its own worker.
import type { QueueService, Services } from '../context';
import { FileQueueStore } from './queueStore';
import { createQueueWorker } from './queueWorker';

type QueueDeps = Pick<Services, 'config' | 'logger' | 'rpc' | 'das' | 'connection' | 'delegate'>;

export function createQueueService(deps: QueueDeps): QueueService {
  const store = new FileQueueStore(deps.config.dataDir);
  return { store, worker: createQueueWorker(deps, store) };
}
