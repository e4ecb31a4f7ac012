// Events that cross feature areas, in a module that imports none (the way Redux Essentials' notificationsSlice reacts
// to other slices' actions): one area announces, every area that cares reacts in its slice's extraReducers or a
// listener, and neither imports the other. Their type strings are the ones the owning slice gave them before.
import { createAction } from '@reduxjs/toolkit';

/** The wallet bridge saw a wallet connect; the lists load for this address. */
export const walletConnected = createAction<{ publicKey: string }>('wallet/walletConnected');
/** The wallet left: every list slice returns to its initial state (ARCHITECTURE, layout). */
export const walletDisconnected = createAction('wallet/walletDisconnected');

/** Assets the chain no longer holds for the wallet (burned): the lists drop them and the selection lets them go. */
export const assetsRemoved = createAction<{ kind: 'token' | 'nft'; mints: string[] }>('assets/removed');

/** A card's or the selection panel's Burn: the burn flows start (ignored while one runs). */
export const singleBurnRequested = createAction<{ kind: 'token' | 'nft'; mint: string }>('burn/singleBurnRequested');
export const bulkTokenBurnRequested = createAction('burn/bulkTokenBurnRequested');
export const bulkNftBurnRequested = createAction('burn/bulkNftBurnRequested');

/** Whether a burn runs: the cards and the selection panel disable their Burn buttons meanwhile. */
export const selectBurnBusy = (state: { burn: { busy: boolean } }) => state.burn.busy;
