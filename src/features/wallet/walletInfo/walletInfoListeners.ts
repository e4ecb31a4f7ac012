import { canDoAllAtOnce, canSign } from '../wallet/signing';
import { type Action, isAnyOf } from '@reduxjs/toolkit';
import { PublicKey } from '@solana/web3.js';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { walletConnected } from '../../../app/events';
import { walletBalanceRead, walletCapabilitiesRead } from './walletInfoSlice';

async function readBalance(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  api.cancelActiveListeners();
  const owner = api.getState().wallet.publicKey;
  if (!owner) return;
  try {
    const lamports = await api.pause(requireConnection(api.extra).getBalance(new PublicKey(owner), 'confirmed'));
    if (api.getState().wallet.publicKey === owner) api.dispatch(walletBalanceRead({ lamports }));
  } catch {
    // The balance is a convenience; the flows read what they need themselves.
  }
}

/**
 * `solMovers`: the other features' events after which the wallet's SOL changed (src/app/listeners.ts names them, so
 * that walletInfo imports none of the features that read its balance: ARCHITECTURE, no import cycles).
 */
export function setupWalletInfoListeners(
  startAppListening: AppStartListening,
  solMovers: readonly { match: (action: unknown) => action is Action }[],
): void {
  startAppListening({ matcher: isAnyOf(walletConnected, ...solMovers), effect: readBalance });
  startAppListening({
    actionCreator: walletConnected,
    effect: (_action, api) => {
      const { wallet } = api.extra;
      // One request for all of a flow's transactions (sign-and-send, or signAllTransactions); sign-only at all.
      api.dispatch(walletCapabilitiesRead({ canSignAll: canDoAllAtOnce(wallet), canSignOnly: canSign(wallet) }));
    },
  });
}
