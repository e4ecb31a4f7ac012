import {
  Connection,
  TransactionExpiredBlockheightExceededError,
  TransactionExpiredTimeoutError,
  type BlockheightBasedTransactionConfirmationStrategy,
  type Commitment,
  type RpcResponseAndContext,
  type SignatureResult,
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
  const lastValid = typeof strategy === 'string' ? undefined : strategy.lastValidBlockHeight;
  const level = commitment === 'processed' || commitment === 'finalized' ? commitment : 'confirmed';
  const started = Date.now();
  for (;;) {
    const res = await rpc.call<{
      context: { slot: number };
      value: ({ err: unknown; confirmationStatus?: string } | null)[];
    }>('getSignatureStatuses', [[signature]]);
    const st = res?.value?.[0];
    if (st && (st.err || RANK[st.confirmationStatus ?? 'processed'] >= RANK[level])) {
      return { context: res.context, value: { err: st.err ?? null } };
    }
    if (
      lastValid !== undefined &&
      (await rpc.call<number>('getBlockHeight', [{ commitment: 'confirmed' }])) > lastValid
    ) {
      throw new TransactionExpiredBlockheightExceededError(signature);
    }
    if (lastValid === undefined && Date.now() - started > 60_000)
      throw new TransactionExpiredTimeoutError(signature, 60);
    await new Promise((r) => setTimeout(r, 400));
  }
}

const RANK: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 };

/** How a sent signature ended: landed (`confirmed`), failed on chain (`err`), or not seen in time (`err: 'timeout'`). */
export interface SignatureOutcome {
  confirmed: boolean;
  err: unknown;
}

// getSignatureStatuses takes at most 256 signatures a call (Helius, "getSignatureStatuses": "up to 256 signatures in a
// single request"; our local chain refuses more, backend/localnet/rpc/methods.ts).
const STATUSES_PER_CALL = 256;

/**
 * Waits for several signatures at once: each round asks for every one still open, 256 a call, so confirming a
 * recovery of 44 transactions costs one request a round instead of 44 (RELIABILITY, "What changed").
 */
export async function confirmSignatures(
  rpc: RpcClient,
  signatures: TransactionSignature[],
  opts: { commitment?: 'processed' | 'confirmed' | 'finalized'; timeoutMs?: number; intervalMs?: number } = {},
): Promise<SignatureOutcome[]> {
  const { commitment = 'confirmed', timeoutMs = 60_000, intervalMs = 400 } = opts;
  const outcomes: (SignatureOutcome | undefined)[] = signatures.map(() => undefined);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = signatures.flatMap((s, i) => (outcomes[i] ? [] : [i]));
    if (open.length === 0) break;
    for (let k = 0; k < open.length; k += STATUSES_PER_CALL) {
      const chunk = open.slice(k, k + STATUSES_PER_CALL);
      const res = await rpc.call<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>(
        'getSignatureStatuses',
        [chunk.map((i) => signatures[i]), { searchTransactionHistory: false }],
      );
      chunk.forEach((i, j) => {
        const st = res?.value?.[j];
        if (st && (st.err || RANK[st.confirmationStatus ?? 'processed'] >= RANK[commitment]))
          outcomes[i] = { confirmed: !st.err, err: st.err ?? null };
      });
    }
    if (outcomes.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return outcomes.map((o) => o ?? { confirmed: false, err: 'timeout' });
}

/** Waits for a signature by polling getSignatureStatuses (no websockets on the server side). */
export async function confirmSignature(
  rpc: RpcClient,
  signature: TransactionSignature,
  opts: { commitment?: 'processed' | 'confirmed' | 'finalized'; timeoutMs?: number; intervalMs?: number } = {},
): Promise<SignatureOutcome> {
  return (await confirmSignatures(rpc, [signature], opts))[0];
}
