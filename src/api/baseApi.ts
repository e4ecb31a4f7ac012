// The one RTK Query api. Features add their endpoints with `baseApi.injectEndpoints` in
// `src/features/<domain>/<domain>Api.ts`; each endpoint sets its own time-out (`timeout` in the request) and, where
// the spec asks for it, a retry policy in `extraOptions.retry`.
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { createApi, fetchBaseQuery, retry, type RetryOptions } from '@reduxjs/toolkit/query/react';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  shouldRetry: (error: FetchBaseQueryError) => boolean;
  /** Wait before retry number `retry` (1-based), ms. */
  delayMs: (retry: number) => number;
}
export interface ApiExtraOptions {
  retry?: RetryPolicy;
}

// Tests point the api at a real server (`setApiOrigin('http://127.0.0.1:1234')`) or shrink the retry waits.
// The page itself leaves both alone: same origin, spec delays.
const settings = { origin: '', delayScale: 1 };
export function setApiOrigin(origin: string): void {
  settings.origin = origin.replace(/\/$/, '');
}
export function setRetryDelayScale(scale: number): void {
  settings.delayScale = scale;
}

/**
 * Host and origin of the server the page talks to: the page's own (tests: the origin they set). Signed
 * authorisations name it as their domain (PRODUCT difference 11), so the server they go to recognises itself.
 */
export function apiLocation(): { host: string; origin: string } {
  if (settings.origin) {
    const url = new URL(settings.origin);
    return { host: url.host, origin: url.origin };
  }
  return { host: window.location.host, origin: window.location.origin };
}

function apiBaseUrl(): string {
  if (settings.origin) return `${settings.origin}/api`;
  // Node's fetch (used under jsdom) cannot resolve a relative URL; a page can, but absolute is the same there.
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? `${origin}/api` : '/api';
}

const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extra) =>
  fetchBaseQuery({ baseUrl: apiBaseUrl() })(args, api, extra);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** A policy as RTK Query's `retry` reads it: no policy, no retry; else the policy's condition and waits. */
function retryOptions(policy: RetryPolicy | undefined): RetryOptions {
  if (!policy) return { maxRetries: 0 };
  return {
    retryCondition: (error, _args, { attempt }) =>
      attempt <= policy.maxRetries && policy.shouldRetry(error as FetchBaseQueryError),
    backoff: (attempt, _maxRetries, signal) =>
      wait(policy.delayMs(attempt) * settings.delayScale, signal ?? new AbortController().signal),
  };
}

const retrying = retry(rawBaseQuery, { maxRetries: 0 });

/** Every endpoint's base query: RTK Query's `retry` with the endpoint's `extraOptions.retry` policy. */
export const baseQueryWithRetry: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = (
  args,
  api,
  extraOptions,
) => retrying(args, api, retryOptions(extraOptions?.retry));

export const API_TAGS = [
  'Config',
  'Rent',
  'Tokens',
  'Nfts',
  'Cnfts',
  'Vacant',
  'Asset',
  'Queue',
  'Delegation',
] as const;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRetry,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});

/** Cache-busting headers for data that changes under us (proofs). */
export const NO_CACHE_HEADERS = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;
