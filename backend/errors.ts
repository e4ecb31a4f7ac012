// Error factories. Every /api failure becomes `{success:false, error}` in middleware/errorHandler.ts;
// `expose` says whether the message is safe and useful for the user (always true for 4xx made here).

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly expose = status < 500,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const ValidationError = (message = 'Invalid request') => new AppError(400, 'validation_error', message);
/** A refusal that is not bad input: the caller is not allowed (foreign owner, invalid signature of the right text). */
export const ForbiddenError = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const NotFoundError = (message = 'Not found') => new AppError(404, 'not_found', message);
export const RateLimitedError = (message = 'Too many requests. Please wait a moment and try again.') =>
  new AppError(429, 'rate_limited', message);
export const ServiceUnavailableError = (message: string) => new AppError(503, 'service_unavailable', message, true);

/** A JSON-RPC error answered by a node or indexer (or the local chain). `httpStatus` 429 = rate limited. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export function isRateLimited(err: unknown): boolean {
  return (
    (err as { httpStatus?: number } | null)?.httpStatus === 429 || (err as { status?: number } | null)?.status === 429
  );
}
