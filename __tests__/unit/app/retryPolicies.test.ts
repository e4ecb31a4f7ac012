// The spec's waits between retries (token metadata, delegated transfer: docs/PRODUCT.md#server-calls) and what is worth a retry.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { delegatedTransferRetry, isTransientError, tokenMetadataRetry } from '../../../src/api/retryPolicies';

const http = (status: number): FetchBaseQueryError => ({ status, data: {} });

test('token metadata: only 429, three retries, 1 s × attempt', () => {
  expect(tokenMetadataRetry.maxRetries).toBe(3);
  expect([1, 2, 3].map(tokenMetadataRetry.delayMs)).toEqual([1000, 2000, 3000]);
  expect(tokenMetadataRetry.shouldRetry(http(429))).toBe(true);
  expect(tokenMetadataRetry.shouldRetry(http(500))).toBe(false);
  expect(tokenMetadataRetry.shouldRetry({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(false);
});

test('delegated transfer: two retries, ≈ 1 s × 2^attempt ± 10 %', () => {
  expect(delegatedTransferRetry.maxRetries).toBe(2);
  for (let i = 0; i < 200; i++) {
    const first = delegatedTransferRetry.delayMs(1);
    const second = delegatedTransferRetry.delayMs(2);
    expect(first).toBeGreaterThanOrEqual(900);
    expect(first).toBeLessThanOrEqual(1100);
    expect(second).toBeGreaterThanOrEqual(1800);
    expect(second).toBeLessThanOrEqual(2200);
  }
});

test('transient = network failure, time-out, 429 or 5xx; never a 4xx input error', () => {
  expect(isTransientError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
  expect(isTransientError({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe(true);
  expect(isTransientError(http(429))).toBe(true);
  expect(isTransientError(http(503))).toBe(true);
  expect(isTransientError(http(400))).toBe(false);
  expect(isTransientError(http(404))).toBe(false);
  expect(isTransientError({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' })).toBe(false);
});
