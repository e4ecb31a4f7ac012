// The cNFT ways' texts (docs/PRODUCT.md#error-texts). Failures of the signing path are told apart with instanceof; errors from the
// server or the chain that carry only a message are still worded by classifyError, as the spec's texts are.
import { classifyError } from '../../../common/classifyError';
import { CNFT_ERRORS, signingFailed, transferFailed } from '../../../common/texts';
import {
  GuardRefusedError,
  SigningFailedError,
  SigningPathError,
  SigningRejectedError,
  SigningTimedOutError,
  WalletNotReadyError,
} from '../../wallet/wallet';

/** The user declined, or let the 120 s pass: 'Transaction was cancelled by the user'; it stops every fallback. */
export const isCancellation = (err: unknown): boolean =>
  err instanceof SigningRejectedError || err instanceof SigningTimedOutError;

/** What the direct, burn and robust ways show for a failure. */
export function cnftFailureText(err: unknown): string {
  if (isCancellation(err)) return CNFT_ERRORS.cancelledByUser;
  if (err instanceof GuardRefusedError || err instanceof WalletNotReadyError) return err.message;
  const underlying = err instanceof SigningPathError && err.cause !== undefined ? err.cause : err;
  return classifyError(underlying, 'cnft').message;
}

/** The delegated transfer's texts (docs/PRODUCT.md#delegated-transfer): signing problems as they are, server failures as 'Transfer failed'. */
export function delegatedFailureText(err: unknown, proofAvailable: boolean): string {
  if (isCancellation(err)) return CNFT_ERRORS.cancelledByUser;
  if (err instanceof WalletNotReadyError || err instanceof GuardRefusedError) return err.message;
  if (err instanceof SigningFailedError) return signingFailed(err.message);
  const c = classifyError(err, 'cnft');
  if (c.kind === 'timeout' || c.kind === 'rateLimited' || c.kind === 'proofVerification' || c.kind === 'cancelled')
    return c.message;
  if (!c.detail) return CNFT_ERRORS.apiConnectionIssue;
  return `${transferFailed(proofAvailable)} (${c.detail})`;
}
