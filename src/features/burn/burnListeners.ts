import { isAnyOf } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../app/listenerMiddleware';
import { SUCCESS_MESSAGE_CLEAR_MS } from '../../common/constants';
import { bulkNftBurnEffect } from './bulkNftBurn';
import { bulkTokenBurnEffect } from './bulkTokenBurn';
import {
  bulkNftBurnRequested,
  bulkTokenBurnRequested,
  burnMessageCleared,
  burnSucceeded,
  singleBurnRequested,
} from './burnSlice';
import { singleBurnEffect } from './singleBurn';

/** Spec §9: the success message clears after 8 s — only that message, not one shown since. */
async function clearSuccessMessageLater(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  const id = api.getState().burn.message?.id;
  if (id === undefined) return;
  await api.delay(SUCCESS_MESSAGE_CLEAR_MS);
  api.dispatch(burnMessageCleared(id));
}

export function setupBurnListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: singleBurnRequested, effect: singleBurnEffect });
  startAppListening({ actionCreator: bulkTokenBurnRequested, effect: bulkTokenBurnEffect });
  startAppListening({ actionCreator: bulkNftBurnRequested, effect: bulkNftBurnEffect });
  startAppListening({ matcher: isAnyOf(burnSucceeded), effect: clearSuccessMessageLater });
}
