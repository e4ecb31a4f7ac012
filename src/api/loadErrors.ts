import { describeApiError } from './apiError';

// Shared by the token and NFT load flows: one error type for a `{success:false}` answer, one way to word any failure.

export class ServerAnswerError extends Error {
  name = 'ServerAnswerError';
  constructor(message?: string) {
    super(message || 'The server answered without data');
  }
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return describeApiError(err).message;
}
