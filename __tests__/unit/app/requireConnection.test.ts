// A flow's chain connection comes from the listener `extra` the React bridge fills (src/app/requireConnection.ts):
// none before the providers have one, the very object they set after, none again once it is cleared.
import { Connection } from '@solana/web3.js';
import { NoConnectionError, requireConnection } from '../../../src/app/requireConnection';
import { createAppExtra } from '../../../src/app/walletPort';

describe('requireConnection', () => {
  it('refuses with NoConnectionError until the bridge sets a connection, then gives that same connection', () => {
    const extra = createAppExtra();
    expect(() => requireConnection(extra)).toThrow(NoConnectionError);
    const connection = new Connection('http://127.0.0.1:1/api/rpc');
    extra.setConnection(connection);
    expect(requireConnection(extra)).toBe(connection);
    extra.setConnection(null);
    expect(() => requireConnection(extra)).toThrow('No chain connection available');
  });
});
