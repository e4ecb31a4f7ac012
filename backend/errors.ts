// Error factories. Every /api failure becomes `{success:false, error}` in middleware/errorHandler.ts;
// `expose` says whether the message is safe and useful for the user (always true for 4xx made here).
// An error carries an id of the catalogue (src/common/texts/serverErrorTexts.ts) and its message is looked up there;
// a factory may name a more precise catalogue text of the same kind (a refusal of src/common/texts).
import {
  serverErrorText,
  SERVER_ERRORS,
  type ServerErrorDetail,
  type ServerErrorId,
} from '../src/common/texts/serverErrorTexts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: ServerErrorId,
    message: string = SERVER_ERRORS[id] as string,
    readonly expose = status < 500,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The error of a catalogue id, its message looked up (with its detail where the text has a placeholder). */
export const appError = <K extends ServerErrorId>(status: number, id: K, ...detail: ServerErrorDetail<K>) =>
  new AppError(status, id, serverErrorText(id, ...detail));

export const ValidationError = (message: string = SERVER_ERRORS.validation_error) =>
  new AppError(400, 'validation_error', message);
/** A refusal that is not bad input: the caller is not allowed (foreign owner, invalid signature of the right text). */
export const ForbiddenError = (message: string = SERVER_ERRORS.forbidden) => new AppError(403, 'forbidden', message);
export const NotFoundError = (message: string = SERVER_ERRORS.not_found) => new AppError(404, 'not_found', message);
export const RateLimitedError = (message: string = SERVER_ERRORS.rate_limited) =>
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
