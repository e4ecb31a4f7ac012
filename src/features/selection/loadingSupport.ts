import type { Connection } from '@solana/web3.js';
import { describeApiError } from '../../api/apiError';

// Shared by the token and NFT load flows: one error type for a `{success:false}` answer, one way to word any
// failure, and the chain connection from the listener middleware's `extra` (never from Redux state).

export class ServerAnswerError extends Error {
  name = 'ServerAnswerError';
  constructor(message?: string) {
    super(message || 'The server answered without data');
  }
}

export class NoConnectionError extends Error {
  name = 'NoConnectionError';
  constructor() {
    super('No chain connection available');
  }
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return describeApiError(err).message;
}

export function getConnection(extra: unknown): Connection {
  const holder = extra as { connection?: Connection | (() => Connection | null) | null } | undefined;
  const connection = typeof holder?.connection === 'function' ? holder.connection() : holder?.connection;
  if (!connection) throw new NoConnectionError();
  return connection;
}
