// Sending a signed cNFT transaction from the server: broadcast, then rebroadcast the same bytes until it confirms,
// fails, or its blockhash expires. The same bytes always carry the same signature, so a rebroadcast never moves twice.
import bs58 from 'bs58';
import { CNFT_ERRORS } from '../../src/common/texts';
import type { Services } from '../context';
import { AppError, isRateLimited, RateLimitedError, ValidationError } from '../errors';

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
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let lastSend = Date.now();
  for (;;) {
    const st = await signatureStatus(services, signature);
    if (st?.err) return { signature, status: 'failed', err: st.err };
    if (st && (st.confirmationStatus === 'confirmed' || st.confirmationStatus === 'finalized'))
      return { signature, status: 'confirmed' };
    if (opts.lastValidBlockHeight !== undefined) {
      const height = await services.rpc.call<number>('getBlockHeight', [{ commitment: 'confirmed' }]);
      if (height > opts.lastValidBlockHeight) {
        const again = await signatureStatus(services, signature);
        if (again && !again.err) return { signature, status: 'confirmed' };
        return { signature, status: 'expired' };
      }
    }
    if (Date.now() > deadline || opts.isStopped?.()) return { signature, status: 'timeout' };
    if (Date.now() - lastSend >= REBROADCAST_MS) {
      lastSend = Date.now();
      await send().catch(() => undefined); // an "already processed" answer is fine: the status tells
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
