// Sharing of identical GET requests between processes (REDIS_URL). The first process to ask takes a short lock on
// the request's key and does the work; a process asking the same while it runs waits for its answer, published
// once under the leader's own token. Only requests that overlap share, as within one process: an answer is never
// served to a request that arrived after it was published (a new request finds no lock and does the work itself).
import { createHash, randomUUID } from 'crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors';
import { describeError } from '../../middleware/errorHandler';
import { REDIS_PREFIX } from './redis';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

type Published = { answer: Answer } | { error: { status: number; message: string } } | { none: true };

export interface SharedAnswers {
  /** The answer to `key`: `work()` run here, or the answer of the process already running it (`fromPeer`). */
  share(key: string, work: () => Promise<Answer | null>): Promise<{ answer: Answer | null; fromPeer: boolean }>;
  close(): Promise<void>;
}

const CHANNEL = `${REDIS_PREFIX}gets:done`;
// KEYS: lock, answer. ARGV: token, payload, answer ttl ms, channel.
const PUBLISH = `
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('PUBLISH', ARGV[4], ARGV[1])
return 1`;

export async function createSharedAnswers(
  redis: Redis,
  opts: { waitMs?: number; lockMs?: number } = {},
): Promise<SharedAnswers> {
  const waitMs = opts.waitMs ?? 15_000;
  const lockMs = opts.lockMs ?? 30_000;
  const sub = redis.duplicate({ lazyConnect: false });
  const waiters = new Map<string, () => void>();
  sub.on('message', (_channel: string, token: string) => waiters.get(token)?.());
  await sub.subscribe(CHANNEL);

  const lockKey = (key: string) => `${REDIS_PREFIX}gets:lock:${createHash('sha256').update(key).digest('hex')}`;
  const answerKey = (token: string) => `${REDIS_PREFIX}gets:answer:${token}`;
  const read = async (token: string): Promise<Published | null> => {
    const raw = await redis.get(answerKey(token));
    return raw ? (JSON.parse(raw) as Published) : null;
  };

  /** Waits for the leader `token`'s answer; null when it published none in time. */
  async function follow(token: string): Promise<Published | null> {
    let wake = () => undefined as void;
    const published = new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, waitMs).unref();
    });
    waiters.set(token, wake);
    try {
      const early = await read(token); // published between our lock check and our waiting
      if (early) return early;
      await published;
      return await read(token);
    } finally {
      waiters.delete(token);
    }
  }

  async function lead(lock: string, token: string, work: () => Promise<Answer | null>) {
    const publish = (p: Published) =>
      redis
        .eval(PUBLISH, 2, lock, answerKey(token), token, JSON.stringify(p), String(waitMs), CHANNEL)
        .catch(() => undefined);
    try {
      const answer = await work();
      await publish(answer ? { answer } : { none: true });
      return { answer, fromPeer: false };
    } catch (err) {
      // A refusal of the request (4xx) is the same for everyone asking; a server fault is not shared.
      const { status, message } = describeError(err);
      await publish(status < 500 ? { error: { status, message } } : { none: true });
      throw err;
    }
  }

  return {
    async share(key, work) {
      const lock = lockKey(key);
      let peer: Published | null = null;
      for (let tries = 0; tries < 2 && !peer; tries++) {
        let token: string | null = null;
        try {
          const candidate = randomUUID();
          if ((await redis.set(lock, candidate, 'PX', lockMs, 'NX')) === 'OK') token = candidate;
          else {
            const running = await redis.get(lock);
            // No lock any more: its leader just finished, so the next try leads.
            if (running) peer = (await follow(running)) ?? { none: true };
          }
        } catch {
          break; // Redis unreachable: answer on our own
        }
        if (token) return lead(lock, token, work);
      }
      if (peer && 'answer' in peer) return { answer: peer.answer, fromPeer: true };
      if (peer && 'error' in peer) throw new AppError(peer.error.status, 'shared_error', peer.error.message, true);
      return { answer: await work(), fromPeer: false };
    },
    async close() {
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
