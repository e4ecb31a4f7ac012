// Rent estimate (docs/PRODUCT.md#loading, #rent-estimate-card, #error-texts): a fresh store with every listener, a real HTTP server answering the
// estimate, and the card rendered from the store.
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { RENT_ESTIMATE_DELAY_AFTER_WALLET_CHANGE_MS as DELAY } from '../../../src/common/constants';
import { RENT, RENT_ERRORS, ASSETS_SCREEN, SURPLUS, VALIDATION } from '../../../src/common/texts';
import { selectionRentRead } from '../../../src/features/assets/selectionRent/selectionRentSlice';
import { walletCapabilitiesRead } from '../../../src/features/wallet/walletInfo/walletInfoSlice';
import { burnSucceeded } from '../../../src/features/burn/burn/burnSlice';
import { RentEstimateCard } from '../../../src/features/recover/rent/RentEstimateCard';
import { rentErrorText } from '../../../src/features/recover/rent/rentListeners';
import { assetSelectionToggled } from '../../../src/features/assets/selection/selectionSlice';
import { walletConnected, walletDisconnected } from '../../../src/app/events';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { until } from '../../support/until';

const W1 = 'Wa11et1111111111111111111111111111111111111';
const W2 = 'Wa11et2222222222222222222222222222222222222';

// Demo-profile figures from the local chain (see __tests__/backend/rentEstimate.test.ts).
const DATA = {
  totalRentEstimate: 0.08573328,
  totalRentEstimateLamports: 85_733_280,
  rentPerAccount: 0.002062944,
  rentPerAccountLamports: 2_062_944,
  nftRentPerAsset: 0.0105096,
  nftRentPerAssetLamports: 10_509_600,
  nftAccounts: 6,
  tokenAccounts: 5,
  vacantAccounts: 6,
  breakdown: {
    nftRent: 0.0630576,
    nftRentLamports: 63_057_600,
    tokenRent: 0.01031472,
    tokenRentLamports: 10_314_720,
    vacantRent: 0.01236096,
    vacantRentLamports: 12_360_960,
  },
  actualBalances: { avgVacantRent: 0.00206016, avgVacantRentLamports: 2_060_160 },
};

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond((req) =>
    req.path.startsWith('/api/rent-estimate/') ? { body: { success: true, data: DATA } } : undefined,
  );
});

const rentRequests = () => server.requests.filter((r) => r.path.startsWith('/api/rent-estimate/'));
type Store = ReturnType<typeof makeStore>;
/** The wallets whose estimate the page has asked for: the store's own record, so no wait on the network is needed. */
const askedFor = (store: Store) =>
  Object.values(store.getState().api.queries)
    .filter((q) => q?.endpointName === 'getRentEstimate')
    .map((q) => q?.originalArgs);
/** Waits for the estimate's answer to be in the store (real timers: the answer comes over HTTP). */
const settled = async (store: Store, wallet: string) => {
  jest.useRealTimers();
  await until(() => store.getState().rent.wallet === wallet && store.getState().rent.status !== 'loading', 10_000, {
    what: `the estimate of ${wallet}`,
  });
};

// The 500 ms wait runs on Jest's clock (docs/PRODUCT.md#loading), so what is asked before and after it does not depend
// on how fast the machine is; the answers then come over real HTTP, waited for as events.
describe('rent estimate listener', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('asks 500 ms after the wallet changes, with the accurate calculator, and keeps lamports exact', async () => {
    const store = makeStore();
    store.dispatch(walletConnected({ publicKey: W1 }));
    expect(store.getState().rent.status).toBe('loading');
    await jest.advanceTimersByTimeAsync(DELAY - 1);
    expect(askedFor(store)).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(askedFor(store)).toEqual([W1]);
    await settled(store, W1);
    expect(rentRequests()).toHaveLength(1);
    expect(rentRequests()[0].path).toBe(`/api/rent-estimate/${W1}`);
    expect(rentRequests()[0].query.get('useAccurateCalculator')).toBe('true');
    const { status, estimate } = store.getState().rent;
    expect(status).toBe('loaded');
    expect(estimate).toMatchObject({
      total: 85_733_280,
      vacantRent: 12_360_960,
      vacantAccounts: 6,
      nftRentPerAsset: 10_509_600,
    });
  });

  it('a quick wallet switch cancels the first wait: one request, for the second wallet', async () => {
    const store = makeStore();
    store.dispatch(walletConnected({ publicKey: W1 }));
    await jest.advanceTimersByTimeAsync(DELAY - 300);
    store.dispatch(walletConnected({ publicKey: W2 }));
    await jest.advanceTimersByTimeAsync(DELAY * 2);
    expect(askedFor(store)).toEqual([W2]);
    await settled(store, W2);
    expect(rentRequests().map((r) => r.path)).toEqual([`/api/rent-estimate/${W2}`]);
    expect(store.getState().rent.status).toBe('loaded');
  });

  it('disconnect clears the estimate and drops a pending request', async () => {
    const store = makeStore();
    store.dispatch(walletConnected({ publicKey: W1 }));
    await jest.advanceTimersByTimeAsync(DELAY);
    await settled(store, W1);
    expect(store.getState().rent.status).toBe('loaded');
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    store.dispatch(walletConnected({ publicKey: W2 }));
    store.dispatch(walletDisconnected());
    await jest.advanceTimersByTimeAsync(DELAY * 2);
    expect(askedFor(store)).toEqual([W1]);
    expect(store.getState().rent).toEqual({ status: 'idle', wallet: null, estimate: null, error: null });
  });

  it('a confirmed burn asks again (the card must not show what was just recovered)', async () => {
    const store = makeStore();
    store.dispatch(walletConnected({ publicKey: W1 }));
    await jest.advanceTimersByTimeAsync(DELAY);
    await settled(store, W1);
    expect(rentRequests()).toHaveLength(1);
    store.dispatch(
      burnSucceeded({
        result: { kind: 'token', mints: ['m'], signatures: ['s'], lamportsRecovered: 1 },
        message: { kind: 'success', text: 't' },
      } as never),
    );
    expect(store.getState().rent.status).toBe('loading');
    await until(() => rentRequests().length === 2 && store.getState().rent.status === 'loaded', 10_000, {
      what: 'the second estimate',
    });
  });

  it('errors read as docs/PRODUCT.md#error-texts', async () => {
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/')
        ? { status: 404, body: { success: false, error: 'Wallet address not found' } }
        : undefined,
    );
    const store = makeStore();
    store.dispatch(walletConnected({ publicKey: W1 }));
    await jest.advanceTimersByTimeAsync(DELAY);
    await settled(store, W1);
    // No account under the address (a new or emptied wallet): nothing to recover, not an error.
    expect(store.getState().rent).toMatchObject({
      status: 'loaded',
      error: null,
      estimate: { total: 0, vacantAccounts: 0 },
    });
    expect(rentErrorText({ status: 404, data: { success: false } })).toBe(RENT_ERRORS.walletNotFound);

    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/') ? { body: { success: false, error: 'x' } } : undefined,
    );
    store.dispatch(walletConnected({ publicKey: W2 }));
    await settled(store, W2);
    expect(store.getState().rent.error).toBe(RENT_ERRORS.failed);

    expect(rentErrorText({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(RENT_ERRORS.timeout);
    expect(rentErrorText({ status: 500, data: { success: false } })).toBe(RENT_ERRORS.failed);
    expect(rentErrorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(RENT_ERRORS.unavailable);
  });
});

describe('Rent Return Estimate card', () => {
  const renderCard = () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <RentEstimateCard />
      </Provider>,
    );
    return store;
  };

  it('an empty wallet reads as nothing to recover', async () => {
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/')
        ? { status: 404, body: { success: false, error: 'Wallet address not found' } }
        : undefined,
    );
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    expect(await screen.findByText(ASSETS_SCREEN.nothingToRecover, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(RENT_ERRORS.walletNotFound)).toBeNull();
  });

  it('loading, then the total net of the fees of the actions that would run, with its breakdown and per-account rents', async () => {
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    expect(await screen.findByText(RENT.loading)).toBeInTheDocument();
    expect(await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 })).toBeInTheDocument();
    // Tokens carry no fee; NFTs (bulk) and vacant closes 1 %: 85 733 280 − 630 576 − 123 609 = 84 979 095 lamports
    expect(screen.getByTestId('rent-total')).toHaveTextContent('0.084979095 SOL');
    expect(screen.getByText(`${RENT.nftAccounts} (6)`)).toBeInTheDocument();
    expect(screen.getByText(`${RENT.tokenAccounts} (5)`)).toBeInTheDocument();
    expect(screen.getByText(`${RENT.vacantAccounts} (6)`)).toBeInTheDocument();
    expect(screen.getByText('0.01236096 SOL')).toBeInTheDocument();
    expect(screen.getByText(RENT.rentPerTokenAccount)).toBeInTheDocument();
    expect(screen.getByText('0.0105096 SOL')).toBeInTheDocument();
  });

  it('the docs/PRODUCT.md#error-texts error text is the retry', async () => {
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/') ? { status: 500, body: { success: false, error: 'x' } } : undefined,
    );
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    const retry = await screen.findByTestId('rent-retry', undefined, { timeout: 10_000 });
    expect(retry).toHaveTextContent(RENT_ERRORS.failed);
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/') ? { body: { success: true, data: DATA } } : undefined,
    );
    act(() => {
      retry.click();
    });
    expect(await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('no vacant line when there are none', async () => {
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/')
        ? {
            body: {
              success: true,
              data: {
                ...DATA,
                vacantAccounts: 0,
                breakdown: { ...DATA.breakdown, vacantRent: 0, vacantRentLamports: 0 },
              },
            },
          }
        : undefined,
    );
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 });
    expect(screen.queryByText(new RegExp(RENT.vacantAccounts))).toBeNull();
  });

  it("rent ahead: what each SIMD-0437 step to come would add to today's surplus, as a forecast outside the total", async () => {
    server.respond((req) =>
      req.path.startsWith('/api/rent-estimate/')
        ? {
            body: {
              success: true,
              data: {
                ...DATA,
                surplusRentLamports: 9_319_160,
                surplusAccounts: 14,
                rentAheadLamports: [
                  { lamportsPerByte: 2575, surplusLamports: 30_108_040, accounts: 14 },
                  { lamportsPerByte: 1322, surplusLamports: 40_518_964, accounts: 14 },
                ],
              },
            },
          }
        : undefined,
    );
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    const ahead = await screen.findByTestId('rent-ahead', undefined, { timeout: 10_000 });
    // 30,108,040 − 9,319,160 and 40,518,964 − 9,319,160: beyond what comes back today.
    expect([...ahead.querySelectorAll('li')].map((li) => li.getAttribute('data-lamports'))).toEqual([
      '20788880',
      '31199804',
    ]);
    expect(ahead).toHaveTextContent(SURPLUS.aheadLine('2,575'));
    expect(screen.getByText(SURPLUS.aheadNote)).toBeInTheDocument();
    // Not in the total: the same 0.084979095 SOL as without a forecast.
    expect(screen.getByTestId('rent-total')).toHaveTextContent('0.084979095 SOL');
  });

  // The two lookups without a fallback (docs/UPSTREAM.md): a refused one says "not checked", also when everything
  // else is zero; an answered one says nothing; neither line stands for the other.
  it.each([
    {
      lookup: 'Core',
      scan: 'coreAssetsScan',
      testId: 'rent-core-not-checked',
      text: RENT.coreNotChecked,
      other: 'rent-prints-not-checked',
    },
    {
      lookup: 'print-edition master',
      scan: 'printEditionsScan',
      testId: 'rent-prints-not-checked',
      text: RENT.printsNotChecked,
      other: 'rent-core-not-checked',
    },
  ])(
    'a refused $lookup lookup says "not checked", also when everything else is zero',
    async ({ scan, testId, text, other }) => {
      const answer = (data: object) =>
        server.respond((req) =>
          req.path.startsWith('/api/rent-estimate/') ? { body: { success: true, data } } : undefined,
        );
      answer({ ...DATA, coreAssetsScan: 'ok', [scan]: 'refused' });
      const store = renderCard();
      act(() => {
        store.dispatch(walletConnected({ publicKey: W1 }));
      });
      await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 });
      expect(screen.getByTestId(testId)).toHaveTextContent(text);
      expect(screen.queryByTestId(other)).toBeNull();

      const zero = {
        nftRent: 0,
        nftRentLamports: 0,
        tokenRent: 0,
        tokenRentLamports: 0,
        vacantRent: 0,
        vacantRentLamports: 0,
      };
      answer({
        ...DATA,
        totalRentEstimateLamports: 0,
        totalRentEstimate: 0,
        vacantAccounts: 0,
        breakdown: zero,
        [scan]: 'refused',
      });
      act(() => {
        store.dispatch(walletConnected({ publicKey: W2 }));
      });
      await screen.findByText(ASSETS_SCREEN.nothingToRecover, undefined, { timeout: 10_000 });
      expect(screen.getByTestId(testId)).toHaveTextContent(text);

      answer({ ...DATA, [scan]: 'ok' });
      act(() => {
        store.dispatch(walletConnected({ publicKey: W1 }));
      });
      await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 });
      expect(screen.queryByTestId(testId)).toBeNull();
    },
  );

  it('with a selection: exact per-account lamports, the fee rule of each action, and the batch warning only where a limit applies', async () => {
    const store = renderCard();
    act(() => {
      store.dispatch(walletConnected({ publicKey: W1 }));
    });
    await screen.findByText(RENT.totalPotentialReturn, undefined, { timeout: 10_000 });
    // The chain's figures per selected asset (the listener reads them; here the read is played by its action).
    const tokens = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`T${i}`, { lamports: 2_039_280 + i }]));
    const nfts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`N${i}`, { lamports: 10_509_600 }]));
    act(() => {
      store.dispatch(selectionRentRead({ tokens: { ...tokens, W: { lamports: 252_039_280, native: true } }, nfts }));
      for (const m of ['T0', 'T1', 'W']) store.dispatch(assetSelectionToggled({ kind: 'token', mint: m }));
      store.dispatch(assetSelectionToggled({ kind: 'nft', mint: 'N0' }));
      store.dispatch(assetSelectionToggled({ kind: 'cnft', mint: 'C1' }));
    });
    expect(await screen.findByText(RENT.selectedForBurning)).toBeInTheDocument();
    // Tokens 2 039 280 + 2 039 281 (no fee) + one NFT alone 10 509 600 (no fee: burned the card's way, whichever
    // button); wrapped SOL is shown apart, not counted.
    expect(screen.getByTestId('rent-selected-total')).toHaveAttribute('data-lamports', String(4_078_561 + 10_509_600));
    expect(screen.queryByTestId('rent-selected-fee')).toBeNull();
    expect(screen.getByTestId('rent-selected-unwrap')).toHaveAttribute('data-lamports', '252039280');
    // Two NFTs burned together: 1 % of their rent, 21 019 200 − 210 192.
    act(() => {
      store.dispatch(assetSelectionToggled({ kind: 'nft', mint: 'N1' }));
    });
    expect(await screen.findByTestId('rent-selected-fee')).toHaveAttribute('data-lamports', '210192');
    expect(screen.getByTestId('rent-selected-total')).toHaveAttribute(
      'data-lamports',
      String(4_078_561 + 21_019_200 - 210_192),
    );
    expect(screen.getByText(`${RENT.cnfts} (1)`)).toBeInTheDocument();
    expect(screen.getByText(RENT.cnftsNoRentNote)).toBeInTheDocument();
    // 12 tokens and 12 NFTs with a wallet that signs all at once: no limit applies, no warning.
    act(() => {
      store.dispatch(walletCapabilitiesRead({ canSignAll: true }));
      for (let i = 2; i < 12; i++) store.dispatch(assetSelectionToggled({ kind: 'token', mint: `T${i}` }));
      for (let i = 2; i < 12; i++) store.dispatch(assetSelectionToggled({ kind: 'nft', mint: `N${i}` }));
    });
    expect(screen.queryByText(RENT.batchSizeLimitExceeded)).toBeNull();
    // A wallet that signs one transaction at a time: the spec's batch applies, so the warning shows.
    act(() => {
      store.dispatch(walletCapabilitiesRead({ canSignAll: false }));
    });
    expect(await screen.findByText(RENT.batchSizeLimitExceeded)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.selectFewerAssets)).toBeInTheDocument();
  });
});
