// How the cNFT routes (robust-transfer, delegated transfer) answer a send the node refused, or a provider that
// stayed unreachable while the server waited for it, in the spec's words. The send itself: services/rpc/send.ts.
import { CNFT_ERRORS } from '../../../src/common/texts';
import { AppError, isRateLimited, RateLimitedError, ValidationError } from '../../errors';

/**
 * The answer for a send the RPC refused (nothing was executed): still rate limited after the RPC client's backoff →
 * 429 with the spec's text; a time-out → 504 with the spec's text (the client may retry: a fresh attempt cannot
 * move the asset twice); anything else → 400 'Transfer failed: …'.
 */
export function cnftSendFailure(err: Error): AppError {
  if (isRateLimited(err)) return RateLimitedError(CNFT_ERRORS.rateLimited);
  if (/timed? ?out/i.test(err.message)) return new AppError(504, 'send_timeout', CNFT_ERRORS.timeout, true);
  return ValidationError(`${CNFT_ERRORS.transferFailed}: ${err.message}`);
}
