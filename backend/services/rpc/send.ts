// The server's one send-and-confirm, for every transaction it sends: the empty-account recovery it relays
// (submit-burn), the cNFT transfers (robust-transfer, delegated transfer) and the queue worker. Each transaction is
// sent once, one after another; then every sent one is waited for together, in one poll (pollSignatures), so a
// recovery of many transactions is all sent within its blockhash's life. Its ending is read from the chain:
// confirmed, failed on chain, expired (its blockhash passed and it is not on the chain, so it never will be) or timeout.
// Only the same bytes are ever sent again: they carry the same signature, so a transaction can never land twice.
import bs58 from 'bs58';
import { pollSignatures } from './connection';
import type { RpcClient } from './rpc';

/** How a sent transaction ended; 'refused': the node refused the send (its preflight or a limit), so nothing ran. */
export type SendOutcome = { signature: string } & (
  | { status: 'confirmed' }
  | { status: 'expired' }
  | { status: 'timeout' }
  | { status: 'failed'; err: unknown }
  | { status: 'refused'; err: Error }
);

export interface SendOptions {
  /** Default 60 s; a transaction still unknown then is 'timeout'. */
  timeoutMs?: number;
  /** The blockhash's limit: once the chain passes it, a transaction not found is 'expired'. */
  lastValidBlockHeight?: number;
  /** Bytes already sent before (a send recorded before a restart): the node's preflight would judge them again. */
  skipPreflight?: boolean;
  /**
   * true (default): this server sends the same bytes again every 2 s while they are unknown, and the node does not
   * (`maxRetries: 0`). false: the node rebroadcasts (`maxRetries: 5`), for a recovery of many transactions, where
   * ours would cost the provider one call per pending transaction every 2 s (docs/UPSTREAM.md).
   */
  rebroadcast?: boolean;
  /** A send that may have landed long ago (recorded before a restart): the node looks past its recent statuses. */
  searchTransactionHistory?: boolean;
  /** Ends the wait early with 'timeout' (the process is draining). */
  isStopped?: () => boolean;
}

const REBROADCAST_MS = 2_000;

/** The first signature of a serialized transaction (its id). */
export function firstSignature(raw: Uint8Array): string {
  // Wire format: compact-u16 count, then 64-byte signatures.
  const count = raw[0];
  if (!count || count >= 0x80) throw new Error('not a signed transaction');
  return bs58.encode(raw.subarray(1, 65));
}

/**
 * Sends the transactions in order and waits for every one sent. A refused send stops the sending: its outcome,
 * 'refused', is the last one, and those after it are not sent (they have no outcome); the ones sent before it are
 * still waited for. An error while waiting (the provider unreachable) rejects: what was sent is then not known.
 */
export async function sendAndConfirm(
  rpc: Pick<RpcClient, 'call'>,
  transactions: Uint8Array[],
  opts: SendOptions = {},
): Promise<SendOutcome[]> {
  const rebroadcast = opts.rebroadcast ?? true;
  const config = {
    encoding: 'base64',
    skipPreflight: opts.skipPreflight ?? false,
    preflightCommitment: 'confirmed',
    maxRetries: rebroadcast ? 0 : 5,
  };
  const sent: { signature: string; base64: string }[] = [];
  const send = (base64: string) => rpc.call<string>('sendTransaction', [base64, config]);
  let refused: SendOutcome | undefined;
  for (const raw of transactions) {
    const one = { signature: firstSignature(raw), base64: Buffer.from(raw).toString('base64') };
    try {
      await send(one.base64);
    } catch (err) {
      refused = {
        signature: one.signature,
        status: 'refused',
        err: err instanceof Error ? err : new Error(String(err)),
      };
      break;
    }
    sent.push(one);
  }
  let lastSend = Date.now();
  const outcomes = sent.length
    ? await pollSignatures(
        rpc,
        sent.map((s) => s.signature),
        {
          lastValidBlockHeight: opts.lastValidBlockHeight,
          timeoutMs: opts.timeoutMs ?? 60_000,
          searchTransactionHistory: opts.searchTransactionHistory,
          isStopped: opts.isStopped,
          // An "already processed" answer to a rebroadcast is fine: the status tells.
          between: async (pending) => {
            if (!rebroadcast || Date.now() - lastSend < REBROADCAST_MS) return;
            lastSend = Date.now();
            for (const { signature, base64 } of sent)
              if (pending.includes(signature)) await send(base64).catch(() => undefined);
          },
        },
      )
    : [];
  const ended = sent.map(({ signature }, i): SendOutcome => {
    const outcome = outcomes[i];
    return outcome.status === 'failed'
      ? { signature, status: 'failed', err: outcome.err }
      : { signature, status: outcome.status };
  });
  return refused ? [...ended, refused] : ended;
}
