// walletInfo follows the other features' events without importing them (ARCHITECTURE, no import cycles): the wallet
// feature's failed connect, and the SOL-moving events src/app/listeners.ts hands it. A real store per test; only the
// chain connection is a stand-in (no network here), answering one balance per read.
import type { Connection } from '@solana/web3.js';
import { makeStore } from '../../../src/app/store';
import { createWalletPort } from '../../../src/app/walletPort';
import { vacantBurnSucceeded } from '../../../src/features/recover/vacant';
import { walletConnectFailed } from '../../../src/features/wallet/wallet';
import { initialState } from '../../../src/features/wallet/wallet/walletSlice';
import { selectConnectError, selectWalletLamports } from '../../../src/features/wallet/walletInfo';
import { listenersIdle } from '../../support/until';

const OWNER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function storeWithBalances(balances: number[]) {
  const connection = { getBalance: async () => balances.shift() ?? -1 } as unknown as Connection;
  return makeStore(
    { wallet: { ...initialState, publicKey: OWNER } },
    { wallet: createWalletPort(), connection: () => connection },
  );
}

test('a vacant close re-reads the SOL balance', async () => {
  const store = storeWithBalances([1_500_000_000]);
  expect(selectWalletLamports(store.getState())).toBeNull();
  store.dispatch(
    vacantBurnSucceeded({
      runId: 0,
      result: {
        accountCount: 1,
        recoveredLamports: 2_039_280,
        serviceFeeLamports: 0,
        signature: 's',
        signatures: ['s'],
      },
      alert: '',
    }),
  );
  await listenersIdle(store);
  expect(selectWalletLamports(store.getState())).toBe(1_500_000_000);
});

test("the wallet feature's failed connect is kept for the connect screen", () => {
  const store = storeWithBalances([]);
  store.dispatch(walletConnectFailed({ message: 'User rejected the request.' }));
  expect(selectConnectError(store.getState())).toBe('User rejected the request.');
});
