// Sorts wallet, RPC and server errors into the kinds docs/PRODUCT.md#error-texts texts tell apart, per flow; the texts themselves are
// chosen by errorText (src/common/texts/errorTexts.ts). Order matters: a rejection wrapped in a wallet-adapter error
// is still a cancellation, and a fee failure is checked before the generic wallet case.
export type ErrorFlow = 'vacant' | 'burnToken' | 'burnNft' | 'bulkTokens' | 'bulkNfts' | 'cnft';
export type ErrorKind =
  | 'guard'
  /** One transaction per request ended early: its message says how many were sent (signingErrors.ts). */
  | 'stopped'
  | 'cancelled'
  | 'unconfirmed'
  | 'timeout'
  | 'insufficientFunds'
  | 'expired'
  | 'rateLimited'
  | 'proofVerification'
  | 'walletConnection'
  | 'other';

/** Best human-readable detail of anything thrown: Error, wallet error with a cause, RPC {code,message}, string. */
export function errorDetail(err: unknown): string {
  if (err == null) return '';
  if (typeof err === 'string') return err;
  if (typeof err === 'object') {
    const e = err as { message?: unknown; error?: unknown; cause?: unknown; code?: unknown };
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.error === 'string') return e.error;
    if (e.error && typeof e.error === 'object') return errorDetail(e.error);
    if (e.cause) return errorDetail(e.cause);
    if (e.code != null) return `code ${String(e.code)}`;
    const text = String(err);
    return text === '[object Object]' ? '' : text;
  }
  return String(err);
}

function haystack(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current != null && depth < 4; depth++) {
    if (typeof current === 'object') {
      const e = current as { name?: unknown; message?: unknown; code?: unknown; error?: unknown; cause?: unknown };
      parts.push(String(e.name ?? ''), String(e.message ?? ''), String(e.code ?? ''));
      if (typeof e.error === 'string') parts.push(e.error);
      current = e.cause ?? (typeof e.error === 'object' ? e.error : undefined);
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join(' ').toLowerCase();
}

// Sent but not confirmed in time (web3.js TransactionExpiredTimeoutError): it may still land, so it is neither a
// cancellation nor an expiry. Checked first.
const UNCONFIRMED = /not confirmed in|expiredtimeout|confirmation timed out/;
const CANCELLED = /cancel|reject|denied|declin|\b4001\b|user abort/;
const TIMEOUT = /timed? ?out|timeout/;
const INSUFFICIENT = /insufficient/;
const FEE_ISSUE = /insufficient|balance|0x1\b|fund/;
const EXPIRED = /blockhash|block height exceeded|expired/;
const RATE_LIMIT = /\b429\b|too many requests|rate limit/;
const PROOF = /proof.*(verif|invalid|mismatch)|invalid root|concurrent merkle tree/;
const NETWORK = /network|fetch failed|failed to fetch|econn|socket/;
const WALLET = /wallet|connection|adapter/;

/** The kind of `err` in `flow`: with the flow and errorDetail(err) it decides the text shown. */
export function errorKind(err: unknown, flow: ErrorFlow): ErrorKind {
  const text = haystack(err);
  if ((err as { name?: string })?.name === 'TransactionGuardError') return 'guard';
  if ((err as { name?: string })?.name === 'SigningStoppedError') return 'stopped';
  if (UNCONFIRMED.test(text)) return 'unconfirmed';

  if (flow === 'vacant') {
    if (CANCELLED.test(text)) return 'cancelled';
    if (INSUFFICIENT.test(text)) return 'insufficientFunds';
    if (EXPIRED.test(text)) return 'expired';
    return 'other';
  }

  if (flow === 'cnft') {
    if (CANCELLED.test(text)) return 'cancelled';
    if (RATE_LIMIT.test(text)) return 'rateLimited';
    if (PROOF.test(text)) return 'proofVerification';
    if (TIMEOUT.test(text) || NETWORK.test(text)) return 'timeout';
    if (EXPIRED.test(text)) return 'expired';
    return 'other';
  }

  // Token and NFT burns (docs/PRODUCT.md#error-texts): time-out, cancel or reject all read as a cancellation.
  if (CANCELLED.test(text) || TIMEOUT.test(text)) return 'cancelled';
  if (EXPIRED.test(text)) return 'expired';
  if (FEE_ISSUE.test(text)) return 'insufficientFunds';
  if (WALLET.test(text)) return 'walletConnection';
  return 'other';
}
