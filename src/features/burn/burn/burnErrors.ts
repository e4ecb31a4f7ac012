// The burn flows' own errors and their texts (docs/PRODUCT.md#error-texts). Failures of the signing path come as its error family
// (src/features/wallet/wallet/signingErrors.ts) and are told apart with instanceof; only a cause from outside (a wallet's
// or a node's error) is still worded by classifyError.
import { classifyError, type ErrorFlow } from '../../../common/classifyError';
import { BURN_ERRORS, VACANT_ERRORS, errorInBulkBurn, errorInSigning } from '../../../common/texts';
import {
  BlockhashExpiredError,
  GuardRefusedError,
  SigningFailedError,
  SigningPathError,
  SigningRejectedError,
  SigningTimedOutError,
} from '../../wallet/wallet';

/** Building the bulk token burn failed before the wallet was asked ('Error in bulk burn operation: ...'). */
export class BulkBuildError extends SigningPathError {
  name = 'BulkBuildError';
}

/** A check that fails before anything is built or signed; `message` is already the user's text. */
export class BurnValidationError extends Error {
  name = 'BurnValidationError';
}

const CANCELLED: Record<ErrorFlow, string> = {
  burnToken: BURN_ERRORS.cancelledToken,
  burnNft: BURN_ERRORS.cancelledNft,
  bulkTokens: BURN_ERRORS.cancelledBulk,
  bulkNfts: BURN_ERRORS.cancelledBulk,
  vacant: VACANT_ERRORS.cancelled,
  cnft: BURN_ERRORS.cancelledBulk,
};

export function burnFailureText(err: unknown, flow: ErrorFlow): string {
  if (err instanceof BurnValidationError || err instanceof GuardRefusedError) return err.message;
  // docs/PRODUCT.md#error-texts: a time-out, a cancel or a reject all read as a cancellation.
  if (err instanceof SigningRejectedError || err instanceof SigningTimedOutError) return CANCELLED[flow];
  if (err instanceof BlockhashExpiredError) return VACANT_ERRORS.expired;
  if (err instanceof SigningFailedError || err instanceof BulkBuildError) {
    // Adapter errors keep their docs/PRODUCT.md#error-texts texts; anything else the wallet (or the build) threw is worded with its detail.
    const inner = classifyError(err.cause, flow);
    if (inner.kind !== 'other') return inner.message;
    return err instanceof BulkBuildError ? errorInBulkBurn(inner.detail) : errorInSigning(inner.detail);
  }
  if (err instanceof SigningPathError && err.cause !== undefined) return classifyError(err.cause, flow).message;
  return classifyError(err, flow).message;
}

export function errorName(err: unknown): string {
  return (err as { name?: string })?.name || 'Error';
}
