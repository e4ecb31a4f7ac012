// Turns for outgoing fetches (the image proxy's): a few run at once, a few more wait in order, any further one is
// refused at once (503) so that waiting work — and the memory it may take — stays bounded (RELIABILITY, pictures).
import { ServiceUnavailableError } from '../../errors';

/** At most `atOnce` tasks run; up to `waiting` more wait their turn in order; any further one is refused (503). */
export function createTurns(
  atOnce: number,
  waiting: number,
  refusal = 'Too many pictures are being fetched; try again',
) {
  let running = 0;
  const queue: (() => void)[] = [];
  const turns = {
    /** Tasks running or waiting (a keyed set drops the turns of a key with none). */
    get busy() {
      return running + queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= atOnce) {
        if (queue.length >= waiting) throw ServiceUnavailableError(refusal);
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      running++;
      try {
        return await task();
      } finally {
        running--;
        queue.shift()?.();
      }
    },
  };
  return turns;
}

/**
 * One set of turns per key (a picture's host): a key's tasks never take more than `atOnce` of the shared turns, so
 * one slow or hanging host cannot hold every fetch while the others' pictures wait. Keys without work are forgotten.
 */
export function createKeyedTurns(atOnce: number, waiting: number, refusal: string) {
  const byKey = new Map<string, ReturnType<typeof createTurns>>();
  return {
    /** Keys holding turns now (tests, diagnostics). */
    get keys() {
      return byKey.size;
    },
    /** Runs `task` in `key`'s turns: `keyAtOnce` of them at once (atOnce unless told; fixed while the key has work). */
    async run<T>(key: string, task: () => Promise<T>, keyAtOnce = atOnce): Promise<T> {
      let turns = byKey.get(key);
      if (!turns) byKey.set(key, (turns = createTurns(keyAtOnce, waiting, refusal)));
      try {
        return await turns.run(task);
      } finally {
        if (turns.busy === 0) byKey.delete(key);
      }
    },
  };
}
