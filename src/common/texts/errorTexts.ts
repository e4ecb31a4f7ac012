// The docs/PRODUCT.md#error-texts text for an error of a kind in a flow (the kinds: src/chain/classifyError.ts `errorKind`); `detail` is
// the underlying message (errorDetail), shown where the spec's text has a '...'.
import type { ErrorFlow, ErrorKind } from '../../chain/classifyError';
import { BURN_ERRORS, errorBurningNft, errorBurningToken, errorBurningTokens } from './burnTexts';
import { CNFT_ERRORS, CNFT_OUTCOMES } from './cnftTexts';
import { GUARD } from './guardTexts';
import { VACANT_ERRORS, vacantBurnFailed } from './vacantTexts';

export function errorText(kind: ErrorKind, flow: ErrorFlow, detail: string): string {
  if (kind === 'guard') return GUARD.mismatch;
  if (kind === 'stopped') return detail; // already the catalogue's ONE_AT_A_TIME text
  if (kind === 'unconfirmed') return CNFT_OUTCOMES.assumedSuccess;
  if (kind === 'expired') return VACANT_ERRORS.expired;
  if (flow === 'vacant') {
    if (kind === 'cancelled') return VACANT_ERRORS.cancelled;
    if (kind === 'insufficientFunds') return VACANT_ERRORS.insufficientFunds;
    return detail ? vacantBurnFailed(detail) : VACANT_ERRORS.unknown;
  }
  if (flow === 'cnft') {
    if (kind === 'cancelled') return CNFT_ERRORS.cancelledByUser;
    if (kind === 'rateLimited') return CNFT_ERRORS.rateLimited;
    if (kind === 'proofVerification') return CNFT_ERRORS.proofVerificationFailed;
    if (kind === 'timeout') return CNFT_ERRORS.timeout;
    return detail || CNFT_ERRORS.unexpected;
  }
  if (kind === 'cancelled')
    return flow === 'burnToken'
      ? BURN_ERRORS.cancelledToken
      : flow === 'burnNft'
        ? BURN_ERRORS.cancelledNft
        : BURN_ERRORS.cancelledBulk;
  if (kind === 'insufficientFunds') return BURN_ERRORS.feeIssue;
  if (kind === 'walletConnection') return BURN_ERRORS.walletConnection;
  if (flow === 'burnToken') return errorBurningToken(detail);
  return flow === 'burnNft' || flow === 'bulkNfts' ? errorBurningNft(detail) : errorBurningTokens(detail);
}
