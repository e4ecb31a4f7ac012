// Providers + bridge with a real Wallet Standard wallet (the demo wallet, funding stubbed): auto-connect puts the
// signing functions and the connection into `extra` and dispatches walletConnected; the wallet disconnecting
// dispatches walletDisconnected.
import { act, render, screen, waitFor } from '@testing-library/react';
import { registerWallet } from '@wallet-standard/wallet';
import { Provider } from 'react-redux';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra } from '../../../src/app/walletPort';
import { AssetsScreen } from '../../../src/features/shell/shell/AssetsScreen';
import { ChainProviders } from '../../../src/features/wallet/wallet/ChainProviders';
import { createDemoWallet, DEMO_WALLET_NAME } from '../../../src/features/wallet/wallet/demoWallet/demoWallet';
import { selectWalletAddress } from '../../../src/features/wallet/wallet/walletSlice';
import type { RecordingServer } from '../../support/recordingServer';
import { startRecordingServer } from '../../support/recordingServer';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  server.respond((req) =>
    req.path === '/api/config'
      ? {
          body: {
            success: true,
            quicknodeRpcUrl: `${server.origin}/api/rpc`,
            localnet: false,
            trashWallet: 'T',
            feeWallet: 'F',
            delegate: 'D',
          },
        }
      : { status: 503, body: { success: false, error: 'unavailable' } },
  );
  setApiOrigin(server.origin);
});
afterAll(async () => {
  setApiOrigin('');
  await server.close();
});

test('auto-connect fills the wallet port and the store; a wallet-side disconnect clears both', async () => {
  const wallet = createDemoWallet({ fund: async () => undefined });
  registerWallet(wallet);
  localStorage.setItem('walletName', JSON.stringify(DEMO_WALLET_NAME));
  const extra = createAppExtra();
  const store = makeStore(undefined, extra);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  render(
    <Provider store={store}>
      <ChainProviders extra={extra}>
        <AssetsScreen />
      </ChainProviders>
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Your Wallet Assets' }, { timeout: 15_000 });
  const address = (wallet.accounts[0] as { address: string }).address;
  expect(selectWalletAddress(store.getState())).toBe(address);
  expect(extra.wallet.publicKey).toBe(address);
  expect(typeof extra.wallet.signTransaction).toBe('function');
  expect(typeof extra.wallet.signAllTransactions).toBe('function');
  expect(typeof extra.wallet.signMessage).toBe('function');
  expect(extra.connection()?.rpcEndpoint).toBe(`${server.origin}/api/rpc`);

  await act(async () => {
    await (wallet.features['standard:disconnect'] as { disconnect(): Promise<void> }).disconnect();
  });
  await waitFor(() => expect(selectWalletAddress(store.getState())).toBeNull());
  expect(extra.wallet.publicKey).toBeNull();
  expect(extra.wallet.signTransaction).toBeUndefined();
  await screen.findByRole('heading', { name: 'Connect Wallet to View Assets' });
  warn.mockRestore();
});
