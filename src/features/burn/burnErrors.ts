// Named errors of the burn flows (STYLE §5). Their messages are technical; burnFailureText turns any failure into the
// spec §8.3 text for the flow.
import { classifyError, type ErrorFlow } from '../../chain/classifyError';
import { GUARD } from '../../common/texts';

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

/** A check that fails before anything is built or signed; `message` is already the user's text. */
export class BurnValidationError extends Error {
  name = 'BurnValidationError';
}

export function burnFailureText(err: unknown, flow: ErrorFlow): string {
  if (err instanceof BurnValidationError) return err.message;
  if ((err as { name?: string })?.name === 'TransactionGuardError') return GUARD.mismatch;
  return classifyError(err, flow).message;
}

export function isExpiredError(err: unknown): boolean {
  if (err instanceof TransactionFailedError) return /blockhash/i.test(err.message);
  return classifyError(err, 'burnToken').kind === 'expired';
}

export function errorName(err: unknown): string {
  return (err as { name?: string })?.name || 'Error';
}
