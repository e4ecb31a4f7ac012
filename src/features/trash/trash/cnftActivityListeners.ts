// Every cNFT action in Recent Activity (PRODUCT, the page: Recent Activity): trashed, burned, hidden by the last fallback, or moved by
// the queue. A cNFT returns no rent, so each entry records 0 lamports — the log never counts it as recovered SOL.
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { ASSETS_SCREEN } from '../../../common/texts';
import { selectCnfts } from '../../assets/cnfts';
import { queueCancelAnswered, queueSucceeded } from '../queue/queueSlice';
import { robustTrashFinished, trashSucceeded } from './trashSlice';
import type { TrashOutcome } from './trashTypes';
import { activityRecorded } from '../../activity/activity';

function recordOutcome(api: AppListenerEffectAPI, outcome: TrashOutcome | null | undefined): void {
  if (!outcome) return;
  const name = selectCnfts(api.getState()).find((c) => c.mint === outcome.assetId)?.name ?? outcome.assetId;
  const burned = outcome.method === 'burn';
  const title = burned
    ? ASSETS_SCREEN.cnftBurnedTitle
    : outcome.status === 'hidden'
      ? ASSETS_SCREEN.cnftHiddenTitle
      : ASSETS_SCREEN.cnftTrashedTitle;
  api.dispatch(
    activityRecorded({
      type: burned ? 'cnft-burn' : 'cnft-trash',
      title,
      description: name,
      lamports: 0,
      timestamp: Date.now(),
      signature: outcome.signature || undefined,
    }),
  );
}

export function setupCnftActivityListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: trashSucceeded,
    effect: (action, api) => recordOutcome(api, action.payload.outcome),
  });
  startAppListening({
    actionCreator: robustTrashFinished,
    effect: (action, api) => recordOutcome(api, action.payload.outcome),
  });
  startAppListening({
    actionCreator: queueSucceeded,
    effect: (action, api) => recordQueue(api, action.payload.completed),
  });
  // A cancelled queue may already have moved some: those are cNFT actions too (PRODUCT, the flows: trash a cNFT).
  // Recorded once nothing is in flight, so a transfer that lands after the cancel is counted.
  startAppListening({
    actionCreator: queueCancelAnswered,
    effect: (action, api) => {
      if (action.payload.processing === 0) recordQueue(api, action.payload.completed, action.payload.lastSignature);
    },
  });
}

function recordQueue(api: AppListenerEffectAPI, n: number, lastSignature?: string | null): void {
  if (n <= 0) return;
  const sig = lastSignature ?? api.getState().queue.progress?.lastSignature ?? undefined;
  api.dispatch(
    activityRecorded({
      type: 'cnft-trash',
      title: ASSETS_SCREEN.cnftQueueTitle(n),
      description: ASSETS_SCREEN.cnftsNoRent,
      lamports: 0,
      transactions: n, // one transfer each
      timestamp: Date.now(),
      signature: sig ? `queue-${sig}` : undefined,
    }),
  );
}
