// The wallet port's session memory (src/app/walletPort.ts WalletSession), kept in the store: whether this wallet
// refused a batch this session, and the "Approve 2 of 9" progress with its Stop while the signing path asks one
// transaction per request (docs/PRODUCT.md, "One transaction at a time"). Wired once, where the store is made.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { WalletSession } from '../../../app/walletPort';
import { type WalletState, batchRefused, oneAtATimeAsking, oneAtATimeFinished } from './walletSlice';

interface StoreLike {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => { wallet: WalletState };
}

export function storeWalletSession(store: StoreLike): WalletSession {
  const wallet = () => store.getState().wallet;
  return {
    refusesBatches: () => wallet().refusesBatches,
    refusedBatch: () => store.dispatch(batchRefused()),
    asking: (current, total) => store.dispatch(oneAtATimeAsking({ current, total })),
    stopRequested: () => !!wallet().oneAtATime?.stopping,
    finished: () => store.dispatch(oneAtATimeFinished()),
  };
}
