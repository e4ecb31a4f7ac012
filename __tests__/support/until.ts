// The one way tests (unit, backend, e2e) and the bench wait for something that happens later: `until` polls a
// condition and answers its first truthy value; `eventually` retries an assertion until it passes. Both fail with
// what they waited for once `ms` have passed. The poll interval grows with the time allowed (20–250 ms), so a short
// wait in a unit test reacts at once and a minute-long wait on the chain does not flood the server with reads.

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const interval = (ms: number) => Math.min(250, Math.max(20, Math.round(ms / 200)));

/** How a wait is told in its failure, and how often it looks (default: from `ms`, 20–250 ms). */
export type WaitDetail = string | { what?: string; every?: number };

/** Polls `check` until it answers a truthy value (which it answers); throws `timed out waiting for <what>` after `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 20_000, detail: WaitDetail = {}): Promise<Truthy<T>> {
  const { what = 'a condition', every = interval(ms) } = typeof detail === 'string' ? { what: detail } : detail;
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}

/** Retries an assertion until it holds or `ms` have passed; then throws its last failure (the page updates later). */
export async function eventually(ms: number, check: () => unknown | Promise<unknown>): Promise<void> {
  let failure: unknown;
  const passed = await until(async () => {
    try {
      await check();
      return true;
    } catch (err) {
      failure = err;
      return false;
    }
  }, ms).catch(() => false);
  if (!passed) throw failure;
}

/**
 * Waits until every listener effect of `store` (and every task it forked) has finished: the event after which a test
 * may check that something did not happen (a cancelled load made no further call, a late answer changed nothing).
 */
export async function listenersIdle(store: { runningListeners(): number }, ms = 20_000): Promise<void> {
  await until(() => store.runningListeners() === 0, ms, 'the listeners to finish');
}
