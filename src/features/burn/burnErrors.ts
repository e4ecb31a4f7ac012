// Named errors of the burn flows (STYLE §5). Their messages are technical; burnFailureText turns any failure into the
// spec §8.3 text for the flow.
import { classifyError, errorDetail, type ErrorFlow } from '../../chain/classifyError';
import { guardRefusalText } from '../guard/guardRefusal';
import { errorInBulkBurn, errorInSigning } from '../../common/texts';

export class SigningTimeoutError extends Error {
  name = 'SigningTimeoutError';
  constructor() {
    super('Signing timed out');
  }
}

export class WalletCannotSignError extends Error {
  name = 'WalletCannotSignError';
  constructor() {
    super('Wallet connection error: the wallet cannot sign transactions');
  }
}

export class TransactionFailedError extends Error {
  name = 'TransactionFailedError';
  constructor(
    readonly signature: string,
    detail: string,
  ) {
    super(`Transaction ${signature} failed: ${detail}`);
  }
}

/** The wallet's signing step failed; `cause` is what the wallet threw. */
export class SigningFailedError extends Error {
  name = 'SigningFailedError';
  constructor(readonly cause: unknown) {
    super(errorDetail(cause));
  }
}

/** Building the bulk token burn failed before the wallet was asked ('Error in bulk burn operation: ...'). */
export class BulkBuildError extends Error {
  name = 'BulkBuildError';
  constructor(readonly cause: unknown) {
    super(errorDetail(cause));
  }
}

/** A check that fails before anything is built or signed; `message` is already the user's text. */
export class BurnValidationError extends Error {
  name = 'BurnValidationError';
}

export function burnFailureText(err: unknown, flow: ErrorFlow): string {
  if (err instanceof BurnValidationError) return err.message;
  const name = (err as { name?: string })?.name;
  if (name === 'TransactionGuardError' || name === 'ServerMismatchError' || name === 'SimulationRefusedError') return guardRefusalText(err);
  if (err instanceof SigningFailedError) {
    // Rejections, time-outs and adapter errors keep their §8.3 texts; anything else the wallet threw is a signing error.
    const inner = classifyError(err.cause, flow);
    return inner.kind === 'other' ? errorInSigning(inner.detail) : inner.message;
  }
  if (err instanceof BulkBuildError) {
    const inner = classifyError(err.cause, flow);
    return inner.kind === 'other' ? errorInBulkBurn(inner.detail) : inner.message;
  }
  return classifyError(err, flow).message;
}

export function isExpiredError(err: unknown): boolean {
  if (err instanceof SigningFailedError) return false;
  if (err instanceof TransactionFailedError) return /blockhash/i.test(err.message);
  return classifyError(err, 'burnToken').kind === 'expired';
}

export function errorName(err: unknown): string {
  return (err as { name?: string })?.name || 'Error';
}
