// Fault injection for tests and for `POST /api/localnet/faults`: an expired blockhash, sends that time out or are
// rate limited, and confirmations that arrive late — the failures a real cluster produces.
import type { Chain } from './chain';
import { RateLimitedError, RpcError } from './txErrors';

export type SendFault = 'timeout' | '429';
/** Runs before each sendTransaction; may throw (to fail it) or return a promise (to hold it). */
export type SendHook = (raw: Uint8Array) => void | Promise<void>;

export interface Faults {
  expireBlockhash(): void;
  failNextSends(n: number, kind: SendFault): void;
  delayConfirmations(ms: number): void;
  /** One-shot hook run before the next sendTransaction (tests). */
  onNextSend(hook: SendHook): void;
  /** How many sends a 'timeout' fault is holding now: tests wait for one before releasing it. */
  heldSends(): number;
  reset(): void;
}

export class FaultState implements Faults {
  private pendingFailures: SendFault[] = [];
  private hooks: SendHook[] = [];
  private timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(
    private readonly chain: Chain,
    private readonly sendTimeoutMs = 90_000,
  ) {}

  expireBlockhash(): void {
    this.chain.expireBlockhashes();
  }

  failNextSends(n: number, kind: SendFault): void {
    if (!Number.isSafeInteger(n) || n < 0 || n > 1000) throw new RangeError('n must be an integer 0..1000');
    if (kind !== 'timeout' && kind !== '429') throw new RangeError("kind must be 'timeout' or '429'");
    this.pendingFailures.push(...Array<SendFault>(n).fill(kind));
  }

  delayConfirmations(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0 || ms > 600_000) throw new RangeError('ms must be an integer 0..600000');
    this.chain.confirmationDelayMs = ms;
  }

  onNextSend(hook: SendHook): void {
    this.hooks.push(hook);
  }

  heldSends(): number {
    return this.timers.size;
  }

  reset(): void {
    this.pendingFailures = [];
    this.hooks = [];
    this.chain.confirmationDelayMs = 0;
  }

  /** Called by sendTransaction before anything else. */
  async beforeSend(raw: Uint8Array): Promise<void> {
    const hook = this.hooks.shift();
    if (hook) await hook(raw);
    const fault = this.pendingFailures.shift();
    if (fault === '429') throw new RateLimitedError();
    if (fault === 'timeout') {
      await new Promise<void>((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            this.timers.delete(entry);
            resolve();
          }, this.sendTimeoutMs),
          resolve,
        };
        entry.timer.unref();
        this.timers.add(entry);
      });
      throw new RpcError(-32000, 'Request timed out; the transaction was not processed');
    }
  }

  /** Releases held sends (on close). */
  close(): void {
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
    this.timers.clear();
  }
}
