import {
  Connection,
  TransactionExpiredBlockheightExceededError,
  TransactionExpiredTimeoutError,
  type BlockheightBasedTransactionConfirmationStrategy,
  type Commitment,
  type RpcResponseAndContext,
  type SignatureResult,
  type TransactionError,
  type TransactionSignature,
} from '@solana/web3.js';
import type { RpcClient } from './rpc';
import { UPSTREAM_STATUS_MARKER } from './upstreamFaults';

/**
 * A web3.js Connection whose HTTP goes through our RpcClient: the same server code runs on the local chain
 * (in-process) and upstream. The endpoint URL is a placeholder that is never fetched.
 */
export function createConnection(rpc: RpcClient, commitment: Commitment = 'confirmed'): Connection {
  const fetchViaRpc = async (_url: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = JSON.parse(String(init?.body ?? 'null'));
    try {
      const out = await rpc.send(body);
      return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } });
    } catch (err) {
      const status = (err as { httpStatus?: number }).httpStatus ?? 503;
      // web3.js turns this into an Error whose message carries the body: the marker lets the error middleware
      // answer the upstream's status (429/502/503/504) instead of a 500 (see upstreamFaults.ts).
      return new Response(JSON.stringify({ error: (err as Error).message, [UPSTREAM_STATUS_MARKER]: status }), {
        status,
      });
    }
  };
  const connection = new Connection('http://solback.internal/', {
    commitment,
    fetch: fetchViaRpc,
    disableRetryOnRateLimit: true, // the RpcClient already backs off
  });
  // The server has no websocket to the chain: confirmTransaction (also used by sendAndConfirmTransaction and the
  // spl-token helpers) polls getSignatureStatuses instead, and honours lastValidBlockHeight.
  connection.confirmTransaction = ((
    strategy: string | BlockheightBasedTransactionConfirmationStrategy,
    c?: Commitment,
  ) => confirmByPolling(rpc, strategy, c ?? commitment)) as Connection['confirmTransaction'];
  return connection;
}

async function confirmByPolling(
  rpc: RpcClient,
  strategy: string | BlockheightBasedTransactionConfirmationStrategy,
  commitment: Commitment,
): Promise<RpcResponseAndContext<SignatureResult>> {
  const signature = typeof strategy === 'string' ? strategy : strategy.signature;
  const lastValidBlockHeight = typeof strategy === 'string' ? undefined : strategy.lastValidBlockHeight;
  const level = commitment === 'processed' || commitment === 'finalized' ? commitment : 'confirmed';
  // With a block height the blockhash ends the wait; without one, 60 s (web3.js's own time-out for a bare signature).
  const [outcome] = await pollSignatures(rpc, [signature], {
    commitment: level,
    lastValidBlockHeight,
    timeoutMs: lastValidBlockHeight === undefined ? 60_000 : Infinity,
  });
  if (outcome.status === 'expired') throw new TransactionExpiredBlockheightExceededError(signature);
  if (outcome.status === 'timeout') throw new TransactionExpiredTimeoutError(signature, 60);
  return {
    context: { slot: outcome.slot },
    value: { err: outcome.status === 'failed' ? (outcome.err as TransactionError) : null },
  };
}

const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;

/**
 * How a signature ended: confirmed (at the commitment asked), failed on chain, expired (its blockhash passed and it
 * is not on the chain, so it never will be) or timeout (still unknown when the wait ended).
 */
export type SignatureOutcome =
  | { status: 'confirmed'; slot: number }
  | { status: 'failed'; err: unknown; slot: number }
  | { status: 'expired' }
  | { status: 'timeout' };

export interface PollOptions {
  commitment?: keyof typeof RANK;
  /** The transactions' blockhash limit: once the chain's block height passes it, what is not found has expired. */
  lastValidBlockHeight?: number;
  /** Default 60 s; `Infinity` waits for the block height alone. */
  timeoutMs?: number;
  intervalMs?: number;
  /** Ask the node to look past its recent status cache (a send that may have landed long ago). */
  searchTransactionHistory?: boolean;
  /** Ends the wait early with 'timeout' (the process is draining). */
  isStopped?: () => boolean;
  /** Runs between two reads with the signatures still pending (a rebroadcast of the same bytes). */
  between?: (pending: string[]) => Promise<void>;
}

type StatusesValue = { err: unknown; confirmationStatus?: string };

/** One signature's status as the node has it, its history searched (a send recorded before a restart). */
export async function signatureStatus(rpc: Pick<RpcClient, 'call'>, signature: string): Promise<StatusesValue | null> {
  const res = await rpc.call<{ value: (StatusesValue | null)[] }>('getSignatureStatuses', [
    [signature],
    { searchTransactionHistory: true },
  ]);
  return res?.value?.[0] ?? null;
}
type StatusesAnswer = { context?: { slot: number }; value?: (StatusesValue | null)[] };
// getSignatureStatuses takes at most 256 signatures a call (Helius, "getSignatureStatuses": "up to 256 signatures in a
// single request"; the local chain refuses more, backend/localnet/rpc/methods.ts).
const STATUSES_PER_CALL = 256;

/**
 * The server's one wait for signatures (it has no websocket to the chain): one getSignatureStatuses read a round for
 * every signature still pending, until each is confirmed or failed, its blockhash has passed, or the time is up.
 */
export async function pollSignatures(
  rpc: Pick<RpcClient, 'call'>,
  signatures: TransactionSignature[],
  opts: PollOptions = {},
): Promise<SignatureOutcome[]> {
  const { commitment = 'confirmed', timeoutMs = 60_000, intervalMs = 400, searchTransactionHistory = false } = opts;
  const outcomes = new Map<string, SignatureOutcome>();
  const pending = () => signatures.filter((s) => !outcomes.has(s));
  const read = async (ask: string[]) => {
    const out: { signature: string; st: StatusesValue | null; slot: number }[] = [];
    for (let k = 0; k < ask.length; k += STATUSES_PER_CALL) {
      const part = ask.slice(k, k + STATUSES_PER_CALL);
      const res = await rpc.call<StatusesAnswer>('getSignatureStatuses', [part, { searchTransactionHistory }]);
      part.forEach((signature, i) =>
        out.push({ signature, st: res?.value?.[i] ?? null, slot: res?.context?.slot ?? 0 }),
      );
    }
    return out;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const { signature, st, slot } of await read(pending())) {
      if (st?.err) outcomes.set(signature, { status: 'failed', err: st.err, slot });
      else if (st && RANK[(st.confirmationStatus ?? 'processed') as keyof typeof RANK] >= RANK[commitment])
        outcomes.set(signature, { status: 'confirmed', slot });
    }
    if (!pending().length) break;
    if (
      opts.lastValidBlockHeight !== undefined &&
      (await rpc.call<number>('getBlockHeight', [{ commitment: 'confirmed' }])) > opts.lastValidBlockHeight
    ) {
      // Read once more: one may have landed since the last read; what is still unknown now never can.
      for (const { signature, st, slot } of await read(pending()))
        outcomes.set(
          signature,
          !st
            ? { status: 'expired' }
            : st.err
              ? { status: 'failed', err: st.err, slot }
              : { status: 'confirmed', slot },
        );
      break;
    }
    if (Date.now() > deadline || opts.isStopped?.()) {
      for (const signature of pending()) outcomes.set(signature, { status: 'timeout' });
      break;
    }
    await opts.between?.(pending());
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return signatures.map((s) => outcomes.get(s)!);
}
