// The vacant banner (docs/PRODUCT.md#vacant-accounts-banner, #close-vacant-accounts) in jsdom: hidden without vacant rent, count and exact SOL, PROCESSING... and
// Reset while busy. The flow itself (guard on a real local chain, review, in-page report) is in
// integration/vacant/vacantFlow.test.ts and the browser tests; here the page has no chain connection, so the guard refuses and nothing
// is signed.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Keypair } from '@solana/web3.js';
import { Provider } from 'react-redux';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra } from '../../../src/app/walletPort';
import { LOCAL_DEFAULT_FEE_WALLET, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { GUARD, VACANT, vacantBannerText } from '../../../src/common/texts';
import { rentEstimateLoaded, rentEstimateRequested } from '../../../src/features/recover/rent/rentSlice';
import { VacantBanner } from '../../../src/features/recover/vacant/VacantBanner';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { until } from '../../support/until';

const OWNER = Keypair.generate().publicKey.toBase58();
const estimate = (vacantAccounts: number, vacantRent: number) => ({
  total: vacantRent,
  rentPerAccount: 0,
  nftRentPerAsset: 0,
  nftAccounts: 0,
  tokenAccounts: 0,
  vacantAccounts,
  nftRent: 0,
  tokenRent: 0,
  vacantRent,
  avgVacantRent: 0,
  surplusRent: 0,
  surplusAccounts: 0,
  rentAhead: [],
  coreRefused: false,
  printsRefused: false,
});

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
  const account = {
    address: Keypair.generate().publicKey.toBase58(),
    mint: Keypair.generate().publicKey.toBase58(),
    programId: TOKEN_PROGRAM,
    lamports: 2_039_280,
  };
  server.respond((req) => {
    if (req.path === '/api/config')
      return { body: { success: true, feeWallet: LOCAL_DEFAULT_FEE_WALLET, quicknodeRpcUrl: 'x', localnet: true } };
    if (req.path === '/api/burn-vacant-accounts')
      return { body: { success: true, accountCount: 1, vacantAccounts: [account], totalRentLamports: 2_039_280 } };
    if (req.path === '/api/prepare-burn-transactions') return { hang: true };
    return undefined;
  });
});
afterAll(() => server.close());

describe('vacant banner', () => {
  it('hidden without vacant rent; shows count and exact SOL; PROCESSING... and Reset while busy; Reset ends it', async () => {
    const signAll = jest.fn();
    const store = makeStore(undefined, createAppExtra({ publicKey: OWNER, signAllTransactions: signAll }));
    render(
      <Provider store={store}>
        <VacantBanner />
      </Provider>,
    );
    act(() => {
      store.dispatch(rentEstimateRequested({ wallet: OWNER }));
      store.dispatch(rentEstimateLoaded({ wallet: OWNER, estimate: estimate(0, 0) }));
    });
    expect(screen.queryByTestId('vacant-banner')).toBeNull();
    act(() => {
      store.dispatch(rentEstimateLoaded({ wallet: OWNER, estimate: estimate(6, 12_360_960) }));
    });
    expect(screen.getByTestId('vacant-text')).toHaveTextContent(vacantBannerText(6, '0.01236096'));
    expect(screen.queryByText(VACANT.reset)).toBeNull();
    fireEvent.click(screen.getByTestId('vacant-recover'));
    expect(screen.getByTestId('vacant-recover')).toHaveTextContent(VACANT.processing);
    expect(screen.getByText(VACANT.reset)).toBeInTheDocument();
    await act(async () => until(() => server.requests.some((r) => r.path === '/api/prepare-burn-transactions')));
    fireEvent.click(screen.getByText(VACANT.reset));
    expect(screen.getByTestId('vacant-recover')).toHaveTextContent(VACANT.recoverButton);
    expect(signAll).not.toHaveBeenCalled();
    expect(GUARD.mismatch).toBeTruthy();
  });
});
