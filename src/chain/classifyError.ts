// Maps wallet, RPC and server errors to the spec §8 texts, per flow. Order matters: a rejection wrapped in a
// wallet-adapter error is still a cancellation, and a fee failure is checked before the generic wallet case.
import {
  BURN_ERRORS,
  CNFT_ERRORS,
  CNFT_OUTCOMES,
  GUARD,
  VACANT_ERRORS,
  errorBurningNft,
  errorBurningToken,
  errorBurningTokens,
  vacantBurnFailed,
} from '../common/texts';

export type ErrorFlow = 'vacant' | 'burnToken' | 'burnNft' | 'bulkTokens' | 'bulkNfts' | 'cnft';
export type ErrorKind =
  | 'guard'
  | 'cancelled'
  | 'unconfirmed'
  | 'timeout'
  | 'insufficientFunds'
  | 'expired'
  | 'rateLimited'
  | 'proofVerification'
  | 'walletConnection'
  | 'other';

export interface ClassifiedError {
  kind: ErrorKind;
  /** The text to show, from the catalogue. */
  message: string;
  /** The underlying detail (for the technical line and logs). */
  detail: string;
}

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

export function classifyError(err: unknown, flow: ErrorFlow): ClassifiedError {
  const detail = errorDetail(err);
  const text = haystack(err);
  const make = (kind: ErrorKind, message: string): ClassifiedError => ({ kind, message, detail });
  if ((err as { name?: string })?.name === 'TransactionGuardError') return make('guard', GUARD.mismatch);
  if (UNCONFIRMED.test(text)) return make('unconfirmed', CNFT_OUTCOMES.assumedSuccess);

  if (flow === 'vacant') {
    if (CANCELLED.test(text)) return make('cancelled', VACANT_ERRORS.cancelled);
    if (INSUFFICIENT.test(text)) return make('insufficientFunds', VACANT_ERRORS.insufficientFunds);
    if (EXPIRED.test(text)) return make('expired', VACANT_ERRORS.expired);
    return make('other', detail ? vacantBurnFailed(detail) : VACANT_ERRORS.unknown);
  }

  if (flow === 'cnft') {
    if (CANCELLED.test(text)) return make('cancelled', CNFT_ERRORS.cancelledByUser);
    if (RATE_LIMIT.test(text)) return make('rateLimited', CNFT_ERRORS.rateLimited);
    if (PROOF.test(text)) return make('proofVerification', CNFT_ERRORS.proofVerificationFailed);
    if (TIMEOUT.test(text) || NETWORK.test(text)) return make('timeout', CNFT_ERRORS.timeout);
    if (EXPIRED.test(text)) return make('expired', VACANT_ERRORS.expired);
    return make('other', detail || CNFT_ERRORS.unexpected);
  }

  // Token and NFT burns (spec §8.3): time-out, cancel or reject all read as a cancellation.
  if (CANCELLED.test(text) || TIMEOUT.test(text)) {
    const message =
      flow === 'burnToken'
        ? BURN_ERRORS.cancelledToken
        : flow === 'burnNft'
          ? BURN_ERRORS.cancelledNft
          : BURN_ERRORS.cancelledBulk;
    return make('cancelled', message);
  }
  if (EXPIRED.test(text)) return make('expired', VACANT_ERRORS.expired);
  if (FEE_ISSUE.test(text)) return make('insufficientFunds', BURN_ERRORS.feeIssue);
  if (WALLET.test(text)) return make('walletConnection', BURN_ERRORS.walletConnection);
  const message =
    flow === 'burnToken'
      ? errorBurningToken(detail)
      : flow === 'burnNft' || flow === 'bulkNfts'
        ? errorBurningNft(detail)
        : errorBurningTokens(detail);
  return make('other', message);
}
