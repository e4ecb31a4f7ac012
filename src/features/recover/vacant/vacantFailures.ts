// How the vacant recovery's steps end a run early, in the words of docs/PRODUCT.md#error-texts: each step throws
// RunEnded with the banner's alert; a cancelled listener's TaskAbortError passes through untouched.
import { describeApiError } from '../../../api/apiError';
import { classifyError } from '../../../common/classifyError';
import { VACANT_ERRORS, vacantSubmitError } from '../../../common/texts';
import {
  GuardRefusedError,
  SendFailedError,
  SigningPathError,
  SigningRejectedError,
  isAbort,
} from '../../wallet/wallet';

/** A server answer with `success: false`, thrown so that the failure path reads its `error`. */
export class ServerRefusedError extends Error {
  name = 'ServerRefusedError';
  constructor(readonly body: { success: boolean; error?: string }) {
    super(body.error ?? '');
  }
}

/** A step's end of the run: the alert the banner shows, and the error behind it (kept in the state), if any. */
export class RunEnded extends Error {
  name = 'RunEnded';
  constructor(
    readonly alert: string,
    readonly error?: unknown,
  ) {
    super(alert);
  }
}

/** Ends the run with the alert `text` gives for what a step threw; a cancellation or an earlier end passes through. */
export const endWith =
  (text: (err: unknown) => string) =>
  (err: unknown): never => {
    if (isAbort(err) || err instanceof RunEnded) throw err;
    throw new RunEnded(text(err), err);
  };

/** Server answer `{success:false, error}` or an RTK Query error → the server's text (or ''). */
export function serverText(err: unknown): string {
  if (err instanceof ServerRefusedError) return err.body.error ?? '';
  if (err && typeof err === 'object' && 'success' in err) return String((err as { error?: string }).error ?? '');
  const info = describeApiError(err);
  return info.message && !/^HTTP \d+$/.test(info.message) ? info.message : '';
}

/** docs/PRODUCT.md#error-texts alert for a failure of the signing path (guard, wallet, or the server's submit). */
export function signingFailureText(err: unknown): string {
  if (err instanceof GuardRefusedError) return err.message; // GUARD.mismatch, or the precise refusal
  if (err instanceof SigningRejectedError) return VACANT_ERRORS.cancelled;
  if (err instanceof SendFailedError) {
    const text = serverText(err.cause);
    const classified = classifyError(text || err.cause, 'vacant');
    if (classified.kind === 'insufficientFunds' || classified.kind === 'expired') return classified.message;
    return text ? vacantSubmitError(text) : VACANT_ERRORS.unknown;
  }
  return classifyError(err instanceof SigningPathError && err.cause !== undefined ? err.cause : err, 'vacant').message;
}
