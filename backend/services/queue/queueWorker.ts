// The queue worker: for each authorised queue, moves every asset delegated to the server's delegate key to
// TRASH_WALLET, one at a time with a fresh proof. Crash safety: an item is recorded as 'sending' with its signature
// and signed bytes BEFORE the transaction is sent; on resume a 'sending' item is settled by its signature status and
// the asset's current owner, and only rebroadcast (same bytes, same signature) or rebuilt when it provably did not land.
// Several processes (a shared store): a worker works on a queue only while it holds the queue's lease, and every
// write it makes is fenced by that lease; a dead process stops renewing, and the next worker settles its 'sending'
// item from the chain as above.
import { randomBytes } from 'crypto';
import os from 'os';
import type { QueueWorker, Services } from '../../context';
import { AppError } from '../../errors';
import { fetchAsset } from '../nft/cnftData';
import { prepareDelegatedTransfer } from '../nft/delegatedTransfer';
import { signatureStatus } from '../rpc/connection';
import { sendAndConfirm, type SendOutcome } from '../rpc/send';
import { holdLease } from './queueLeases';
import { LeaseLostError, type QueueItem, type QueueRecord, type QueueStore } from './queueStore';

const MAX_ATTEMPTS = 3;
const RETRY_IDLE_MS = 2_000;
/** How long a queue stays with a worker that stopped renewing (a process killed mid-send). */
export const DEFAULT_LEASE_MS = 10_000;
/** With a shared store, how often a worker looks for queues authorised through another process. */
export const DEFAULT_POLL_MS = 1_000;

export interface QueueWorkerOptions {
  sendTimeoutMs?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Told when this worker resumes a queue another worker had started (the queue_lease_takeovers_total metric). */
  onTakeover?: () => void;
}

type WorkerServices = Pick<Services, 'das' | 'connection' | 'rpc' | 'config' | 'delegate' | 'logger'>;

export function createQueueWorker(
  services: WorkerServices,
  store: QueueStore,
  opts: QueueWorkerOptions = {},
): QueueWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const trash = services.config.trashWallet;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  // The lease of the queue being worked on; a lost lease stops this worker's sends and writes on that queue.
  let leaseLost = () => false;
  const halted = () => stopped || leaseLost();
  /** Queues this worker has held (a queue first held here with work already done was started elsewhere). */
  const worked = new Set<string>();

  const setItem = (q: QueueRecord, assetId: string, patch: Partial<QueueItem>) =>
    store.update(
      q.id,
      (r) => {
        const it = r.items.find((i) => i.assetId === assetId);
        if (it) Object.assign(it, patch, { updatedAt: Date.now() });
      },
      { lease: workerId },
    );

  const fail = (q: QueueRecord, item: QueueItem, error: string) =>
    setItem(q, item.assetId, { state: 'failed', error, raw: undefined });

  const ownerOf = async (assetId: string): Promise<string | null> => {
    const a = await fetchAsset(services, assetId).catch(() => null);
    return a?.burnt ? null : (a?.ownership?.owner ?? null);
  };

  /** Settles an item left 'sending' (by a crash or a confirmation time-out). Returns true when it is settled. */
  async function resolveSending(q: QueueRecord, item: QueueItem): Promise<boolean> {
    if (!item.signature) {
      await setItem(q, item.assetId, { state: 'pending' });
      return false;
    }
    const st = await signatureStatus(services.rpc, item.signature);
    if (st && !st.err && (st.confirmationStatus === 'confirmed' || st.confirmationStatus === 'finalized')) {
      await setItem(q, item.assetId, { state: 'completed', raw: undefined });
      return true;
    }
    if (st?.err) {
      if ((await ownerOf(item.assetId)) === trash)
        await setItem(q, item.assetId, { state: 'completed', raw: undefined });
      else await fail(q, item, `Transfer failed: ${JSON.stringify(st.err)}`);
      return true;
    }
    // No status: the transaction either never landed, or this node no longer remembers it. The owner decides.
    const owner = await ownerOf(item.assetId);
    if (owner === trash) {
      await setItem(q, item.assetId, { state: 'completed', raw: undefined });
      return true;
    }
    if (owner !== q.owner) {
      await fail(q, item, 'This cNFT is no longer owned by this wallet.');
      return true;
    }
    const height = await services.rpc.call<number>('getBlockHeight', [{ commitment: 'confirmed' }]);
    if (item.raw && item.lastValidBlockHeight !== undefined && height <= item.lastValidBlockHeight) {
      // Still valid: rebroadcast the very same bytes (same signature; it can land at most once).
      const [outcome] = await sendAndConfirm(services.rpc, [Buffer.from(item.raw, 'base64')], {
        lastValidBlockHeight: item.lastValidBlockHeight,
        timeoutMs: opts.sendTimeoutMs ?? 30_000,
        skipPreflight: true,
        searchTransactionHistory: true,
        isStopped: halted,
      }).catch(() => [null]);
      if (outcome?.status === 'confirmed') {
        await setItem(q, item.assetId, { state: 'completed', raw: undefined });
        return true;
      }
      if (!outcome || outcome.status === 'timeout' || outcome.status === 'refused') return false;
    }
    // Expired without landing (the owner is unchanged): a fresh attempt is safe.
    await setItem(q, item.assetId, {
      state: 'pending',
      signature: undefined,
      raw: undefined,
      lastValidBlockHeight: undefined,
    });
    return false;
  }

  async function sendItem(q: QueueRecord, item: QueueItem): Promise<void> {
    if (item.attempts >= MAX_ATTEMPTS) return void (await fail(q, item, item.error ?? 'Transfer failed'));
    let prepared;
    try {
      prepared = await prepareDelegatedTransfer(services, item.assetId, q.owner);
    } catch (err) {
      const msg = (err as Error).message;
      if (err instanceof AppError && err.status < 500) {
        if ((await ownerOf(item.assetId)) === trash) return void (await fail(q, item, 'Already in the trash wallet.'));
        return void (await fail(q, item, msg));
      }
      await setItem(q, item.assetId, { attempts: item.attempts + 1, error: msg });
      return;
    }
    // Recorded before sending: after a crash, this signature is checked instead of sending again.
    await setItem(q, item.assetId, {
      state: 'sending',
      signature: prepared.signature,
      raw: Buffer.from(prepared.raw).toString('base64'),
      lastValidBlockHeight: prepared.lastValidBlockHeight,
      attempts: item.attempts + 1,
    });
    if (halted()) return;
    const [outcome] = await sendAndConfirm(services.rpc, [prepared.raw], {
      lastValidBlockHeight: prepared.lastValidBlockHeight,
      timeoutMs: opts.sendTimeoutMs ?? 30_000,
      isStopped: halted,
    }).catch((err: Error): SendOutcome[] => [{ signature: prepared.signature, status: 'refused', err }]);
    if (outcome.status === 'confirmed') await setItem(q, item.assetId, { state: 'completed', raw: undefined });
    else if (outcome.status === 'failed' || outcome.status === 'refused') {
      const err = outcome.status === 'refused' ? outcome.err.message : outcome.err;
      await setItem(q, item.assetId, {
        state: 'pending',
        signature: undefined,
        raw: undefined,
        error: `Transfer failed: ${typeof err === 'string' ? err : JSON.stringify(err)}`,
      });
    }
    // 'expired' / 'timeout': left as 'sending'; resolveSending settles it on the next pass.
  }

  /** Works on one queue while holding its lease; a queue leased by another live worker is left to it. */
  async function processQueue(queueId: string): Promise<boolean> {
    const lease = await holdLease(store, queueId, workerId, leaseMs);
    if (!lease) return false;
    leaseLost = lease.lost;
    if (!worked.has(queueId)) {
      worked.add(queueId);
      const q = await store.get(queueId).catch(() => null);
      if (q?.items.some((i) => i.state !== 'pending')) opts.onTakeover?.();
    }
    try {
      return await processLeased(queueId);
    } catch (err) {
      if (err instanceof LeaseLostError) return false; // another worker settles it from the recorded signature
      throw err;
    } finally {
      leaseLost = () => false;
      await lease.release();
    }
  }

  /** One step of a queue (an unresolved send settled, or its next item sent): true when it moved on. */
  async function processLeased(queueId: string): Promise<boolean> {
    if (halted()) return false;
    const q = await store.get(queueId);
    if (!q) return false;
    const sending = q.items.find((i) => i.state === 'sending');
    if (sending) {
      if (await resolveSending(q, sending)) return true;
      const after = (await store.get(queueId))?.items.find((i) => i.assetId === sending.assetId);
      return after?.state !== 'sending'; // still sending: unresolved for now, come back later
    }
    if (q.cancelledAt) {
      await store.update(
        q.id,
        (r) => {
          for (const it of r.items)
            if (it.state === 'pending') Object.assign(it, { state: 'cancelled', updatedAt: Date.now() });
        },
        { lease: workerId },
      );
      return false;
    }
    const next = q.items.find((i) => i.state === 'pending');
    if (!next) return false;
    await sendItem(q, next);
    return true;
  }

  /**
   * Round-robin across owners: each round takes one step of one queue per owner (its oldest active), so one owner's
   * many queues wait their turn like anyone's. 40 junk queues from throwaway wallets once took an honest queue from
   * 0.9 s to 24.8 s, run one whole queue after another.
   */
  async function round(): Promise<boolean> {
    const byOwner = new Map<string, string>();
    for (const q of await store.listActive()) if (!byOwner.has(q.owner)) byOwner.set(q.owner, q.id);
    let progressed = false;
    for (const queueId of byOwner.values()) {
      if (stopped) return false;
      try {
        if (await processQueue(queueId)) progressed = true;
      } catch (err) {
        services.logger.warn({ err: (err as Error).message, queue: queueId }, 'queue step failed');
      }
    }
    return progressed;
  }

  async function run(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await round()));
      if (stopped) return;
      if (!stopped && !again && !timer && (await store.listActive()).length > 0) {
        timer = setTimeout(() => {
          timer = null;
          kick();
        }, RETRY_IDLE_MS);
        timer.unref();
      }
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // A failing store (e.g. its folder removed) is logged, never an unhandled rejection that ends the process.
    running = run()
      .catch((err) => services.logger.warn({ err: (err as Error).message }, 'queue worker pass failed'))
      .finally(() => {
        running = null;
      });
  }

  // A shared store: queues authorised through another process, or left by a dead one, are found by polling.
  const poll = store.shared ? setInterval(kick, opts.pollMs ?? DEFAULT_POLL_MS) : null;
  poll?.unref();

  return {
    kick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      await running;
    },
    async idle() {
      for (;;) {
        if (running) await running;
        if (stopped || (await store.listActive()).length === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
