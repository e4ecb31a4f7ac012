// Sending a signed cNFT transaction from the server: broadcast, then rebroadcast the same bytes until it confirms,
// fails, or its blockhash expires. The same bytes always carry the same signature, so a rebroadcast never moves twice.
import bs58 from 'bs58';
import { CNFT_ERRORS } from '../../../src/common/texts';
import type { Services } from '../../context';
import { AppError, isRateLimited, RateLimitedError, ValidationError } from '../../errors';
import { pollSignatures } from '../rpc/connection';

export interface SendOutcome {
  signature: string;
  status: 'confirmed' | 'failed' | 'expired' | 'timeout';
  err?: unknown;
}

const REBROADCAST_MS = 2_000;
const POLL_MS = 300;

type Status = { err: unknown; confirmationStatus?: string } | null;

export async function signatureStatus(services: Pick<Services, 'rpc'>, signature: string): Promise<Status> {
  const res = await services.rpc.call<{ value: Status[] }>('getSignatureStatuses', [
    [signature],
    { searchTransactionHistory: true },
  ]);
  return res?.value?.[0] ?? null;
}

/** The first signature of a serialized transaction (its id). */
export function firstSignature(raw: Uint8Array): string {
  // Wire format: compact-u16 count, then 64-byte signatures.
  const count = raw[0];
  if (!count || count >= 0x80) throw new Error('not a signed transaction');
  return bs58.encode(raw.subarray(1, 65));
}

/**
 * The answer for a send the RPC refused (nothing was executed): still rate limited after the RPC client's backoff →
 * 429 with the spec's text; a time-out → 504 with the spec's text (the client may retry: a fresh attempt cannot
 * move the asset twice); anything else → 400 'Transfer failed: …'.
 */
export function sendFailure(err: Error): AppError {
  if (isRateLimited(err)) return RateLimitedError(CNFT_ERRORS.rateLimited);
  if (/timed? ?out/i.test(err.message)) return new AppError(504, 'send_timeout', CNFT_ERRORS.timeout, true);
  return ValidationError(`${CNFT_ERRORS.transferFailed}: ${err.message}`);
}

export async function sendUntilSettled(
  services: Pick<Services, 'rpc'>,
  raw: Uint8Array,
  opts: { lastValidBlockHeight?: number; timeoutMs?: number; skipPreflight?: boolean; isStopped?: () => boolean } = {},
): Promise<SendOutcome> {
  const signature = firstSignature(raw);
  const b64 = Buffer.from(raw).toString('base64');
  const send = () =>
    services.rpc.call<string>('sendTransaction', [
      b64,
      {
        encoding: 'base64',
        skipPreflight: opts.skipPreflight ?? false,
        preflightCommitment: 'confirmed',
        maxRetries: 0,
      },
    ]);
  await send();
  // Rebroadcast every 2 s while it is unknown; an "already processed" answer is fine: the status tells.
  let lastSend = Date.now();
  const [outcome] = await pollSignatures(services.rpc, [signature], {
    lastValidBlockHeight: opts.lastValidBlockHeight,
    timeoutMs: opts.timeoutMs ?? 60_000,
    intervalMs: POLL_MS,
    searchTransactionHistory: true,
    isStopped: opts.isStopped,
    between: async () => {
      if (Date.now() - lastSend < REBROADCAST_MS) return;
      lastSend = Date.now();
      await send().catch(() => undefined);
    },
  });
  return outcome.status === 'failed'
    ? { signature, status: 'failed', err: outcome.err }
    : { signature, status: outcome.status };
}
