import { isAnyOf } from '@reduxjs/toolkit';
import { describeApiError, isTimeout } from '../../../api/apiError';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { RENT_ESTIMATE_DELAY_AFTER_WALLET_CHANGE_MS } from '../../../common/constants';
import { RENT_ERRORS } from '../../../common/texts';
import { burnSucceeded } from '../../burn/burn';
import { walletConnected, walletDisconnected } from '../../../app/events';
import { rentApi } from './rentApi';
import {
  rentEstimateFailed,
  rentEstimateLoaded,
  rentEstimateRefreshRequested,
  rentEstimateRequested,
} from './rentSlice';
import { toRentEstimate } from './rentEstimate';
import type { RentEstimate } from './rentEstimate';

// docs/PRODUCT.md#loading: the estimate is asked 500 ms after the wallet changes; a newer change cancels the older wait or request.

/** docs/PRODUCT.md#error-texts text for a failed request. */
export function rentErrorText(error: unknown): string {
  const info = describeApiError(error);
  if (isTimeout(info)) return RENT_ERRORS.timeout;
  if (info.status === 404) return RENT_ERRORS.walletNotFound;
  if (typeof info.status === 'number' && info.status >= 400) return RENT_ERRORS.failed;
  return RENT_ERRORS.unavailable;
}

const EMPTY_ESTIMATE: RentEstimate = {
  total: 0,
  rentPerAccount: 0,
  nftRentPerAsset: 0,
  nftAccounts: 0,
  tokenAccounts: 0,
  vacantAccounts: 0,
  nftRent: 0,
  tokenRent: 0,
  vacantRent: 0,
  avgVacantRent: 0,
  surplusRent: 0,
  surplusAccounts: 0,
  rentAhead: [],
  coreRefused: false,
  printsRefused: false,
};

export async function loadRentEstimate(wallet: string, api: AppListenerEffectAPI): Promise<void> {
  api.dispatch(rentEstimateRequested({ wallet }));
  await api.delay(RENT_ESTIMATE_DELAY_AFTER_WALLET_CHANGE_MS);
  const request = api.dispatch(
    rentApi.endpoints.getRentEstimate.initiate(wallet, { subscribe: false, forceRefetch: true }),
  );
  try {
    const answer = await api.pause(request.unwrap());
    if (!answer.success || !answer.data) {
      api.dispatch(rentEstimateFailed({ wallet, error: RENT_ERRORS.failed }));
      return;
    }
    const estimate = toRentEstimate(answer.data);
    api.dispatch(rentEstimateLoaded({ wallet, estimate }));
  } catch (err) {
    if (api.signal.aborted) return; // superseded by a newer wallet change
    // The server's 404 means no account under this address yet: a new or emptied wallet, nothing to recover.
    if (describeApiError(err).status === 404) {
      api.dispatch(rentEstimateLoaded({ wallet, estimate: EMPTY_ESTIMATE }));
      return;
    }
    api.dispatch(rentEstimateFailed({ wallet, error: rentErrorText(err) }));
  }
}

export function setupRentListeners(startAppListening: AppStartListening): void {
  startAppListening({
    // A burn changes what is left to recover: ask again (same 500 ms delay, the newest event wins).
    matcher: isAnyOf(walletConnected, walletDisconnected, rentEstimateRefreshRequested, burnSucceeded),
    effect: async (action, api) => {
      api.cancelActiveListeners();
      if (walletDisconnected.match(action)) return; // the slice clears itself; a request in flight is dropped
      const wallet = walletConnected.match(action) ? action.payload.publicKey : api.getState().rent.wallet;
      if (!wallet) return;
      await loadRentEstimate(wallet, api);
    },
  });
}
