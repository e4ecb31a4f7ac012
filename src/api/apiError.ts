// Turns an RTK Query error (or an `{success:false}` body) into the text the server gave, for the spec's messages.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export interface ApiErrorInfo {
  /** HTTP status, or 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR' | 'UNKNOWN'. */
  status: number | string;
  message: string;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

export function describeApiError(error: unknown): ApiErrorInfo {
  if (isFetchError(error)) {
    const body = 'data' in error ? (error.data as { error?: unknown } | undefined) : undefined;
    if (body && typeof body === 'object' && typeof body.error === 'string') {
      return { status: error.status, message: body.error };
    }
    if ('error' in error && typeof error.error === 'string') return { status: error.status, message: error.error };
    return { status: error.status, message: `HTTP ${error.status}` };
  }
  const serialized = error as SerializedError | Error | undefined;
  return { status: 'UNKNOWN', message: serialized?.message ?? String(error) };
}

export const isTimeout = (info: ApiErrorInfo): boolean => info.status === 'TIMEOUT_ERROR';
