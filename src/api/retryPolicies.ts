// The spec's two retry policies (token metadata, delegated transfer: docs/PRODUCT.md#server-calls).
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import {
  DELEGATED_TRANSFER_BACKOFF_BASE_MS,
  DELEGATED_TRANSFER_BACKOFF_JITTER,
  DELEGATED_TRANSFER_MAX_RETRIES,
  TOKEN_METADATA_MAX_RETRIES_ON_429,
  TOKEN_METADATA_RETRY_DELAY_MS,
} from '../common/constants';
import type { RetryPolicy } from './baseApi';

/** Network failure, time-out, rate limit or server error: worth another try. 4xx input errors are not. */
export function isTransientError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && (error.status === 429 || error.status >= 500);
}

/** Token metadata: on 429 only, up to 3 retries, waiting 1 s × attempt. */
export const tokenMetadataRetry: RetryPolicy = {
  maxRetries: TOKEN_METADATA_MAX_RETRIES_ON_429,
  shouldRetry: (error) => error.status === 429,
  delayMs: (retry) => TOKEN_METADATA_RETRY_DELAY_MS * retry,
};

/** Delegated transfer: up to 2 more tries, ≈ 1 s × 2^(retry−1) ± 10 % (1 s, then 2 s). */
export const delegatedTransferRetry: RetryPolicy = {
  maxRetries: DELEGATED_TRANSFER_MAX_RETRIES,
  shouldRetry: isTransientError,
  delayMs: (retry) => {
    const jitter = 1 + (Math.random() * 2 - 1) * DELEGATED_TRANSFER_BACKOFF_JITTER;
    return Math.round(DELEGATED_TRANSFER_BACKOFF_BASE_MS * 2 ** (retry - 1) * jitter);
  },
};
