// A wallet the server could list only in part (DAS page bound): the page says so instead of looking complete.
import { act, screen } from '@testing-library/react';
import type { Connection } from '@solana/web3.js';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra } from '../../../src/app/walletPort';
import type { WalletAsset } from '../../../src/common/api';
import { NftsSection } from '../../../src/features/assets/nfts/NftsSection';
import { walletConnected } from '../../../src/app/events';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { renderWithProviders } from '../../support/renderWithProviders';
import { until } from '../../support/until';
import { FakeConnection, newMint } from './fakeChain';

const W = newMint();
const NOTICE = 'This wallet holds more assets than can be listed at once; the first 1 are shown.';
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());

function storeAnswering(body: unknown) {
  server.respond((req) =>
    req.path.startsWith('/api/wallet-tokens/')
      ? { body: { success: true, tokens: [] } }
      : req.path.startsWith('/api/helius/wallet/nfts/')
        ? { body }
        : { status: 404, body: { success: false, error: 'no' } },
  );
  const extra = createAppExtra(undefined);
  extra.setConnection(new FakeConnection() as unknown as Connection);
  return makeStore(undefined, extra);
}

const id = newMint();
const one: WalletAsset = {
  id,
  mint: id,
  name: 'Ape',
  image: null,
  collection: null,
  compressed: false,
  tokenAddress: newMint(),
};

it("shows the server's notice when the listing was truncated", async () => {
  const store = storeAnswering({
    success: true,
    data: { regularNfts: [one], compressedNfts: [] },
    truncated: true,
    notice: NOTICE,
  });
  renderWithProviders(<NftsSection />, { store });
  await act(async () => {
    store.dispatch(walletConnected({ publicKey: W }));
    await until(() => {
      const n = store.getState().nfts;
      return n.wallet === W && !n.loading && n;
    });
  });
  expect(store.getState().nfts.notice).toBe(NOTICE);
  expect((await screen.findByTestId('nfts-truncated')).textContent).toBe(NOTICE);
});

it('shows no notice for a complete listing', async () => {
  const store = storeAnswering({ success: true, data: { regularNfts: [one], compressedNfts: [] } });
  renderWithProviders(<NftsSection />, { store });
  await act(async () => {
    store.dispatch(walletConnected({ publicKey: W }));
    await until(() => {
      const n = store.getState().nfts;
      return n.wallet === W && !n.loading && n;
    });
  });
  expect(store.getState().nfts.notice).toBeNull();
  expect(screen.queryByTestId('nfts-truncated')).toBeNull();
});
