import type { Connection } from '@solana/web3.js';
import type { AppExtra } from './walletPort';

// A flow's chain connection comes from the listener middleware's `extra`, never from Redux state (ARCHITECTURE, the
// parts): the React bridge sets it once the providers have one, so a flow that starts before that finds none.

export class NoConnectionError extends Error {
  name = 'NoConnectionError';
  constructor() {
    super('No chain connection available');
  }
}

export function requireConnection(extra: AppExtra): Connection {
  const connection = extra.connection();
  if (!connection) throw new NoConnectionError();
  return connection;
}
