// When a queue stops before moving everything (its authorisation rejected or failed, or Cancel), the cNFTs it did not
// move stay delegated to the server's delegate. These listeners ask the indexer which still are and offer to revoke
// them (revokeSlice); the revocation itself runs on the one signing path (revokeDelegation.ts, a lazy chunk).
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { errorDetail } from '../../../chain/classifyError';
import {
  queueCancelAnswered,
  queueCancelRequested,
  queueClosed,
  queueDelegated,
  queueFailed,
  queueStartRequested,
} from '../queue/queueSlice';
import { cnftDeps } from '../trash/trashListeners';
import { cnftFailureText, isCancellation } from '../trash/trashErrors';
import type { TrashDeps } from '../trash/trashTypes';
import { isAbort } from '../../wallet/wallet';
import { REVOKE } from '../../../common/texts/revokeTexts';
import { revokeDismissed, revokeFailed, revokeOffered, revokeRequested, revokeSucceeded } from './revokeSlice';

type Api = AppListenerEffectAPI;

const loadRevoke = () => import(/* webpackChunkName: "revoke" */ './revokeDelegation');

/** How long a cancel waits for the server's answer before offering from the page's own list. */
const CANCEL_ANSWER_WAIT_MS = 10_000;

/** Failures after the delegation step: the cNFTs were delegated, and nothing (more) will move them. */
const AFTER_DELEGATION = new Set(['signing', 'create', 'authorize', 'status']);

async function revokeDeps(api: Api): Promise<{ deps: TrashDeps; delegate: string | null }> {
  const { delegate, ...deps } = await cnftDeps(api);
  return { deps, delegate };
}

/** Offers the revocation of those of `assetIds` that are delegated to the server right now. */
async function offerFor(api: Api, assetIds: string[]): Promise<void> {
  const owner = api.extra.wallet.publicKey;
  if (!owner || assetIds.length === 0) return;
  try {
    const [{ stillDelegated }, { deps, delegate }] = await Promise.all([loadRevoke(), revokeDeps(api)]);
    if (!delegate) return;
    const ids = await stillDelegated(deps, owner, assetIds, delegate);
    if (api.getState().queue.status !== 'initial') return; // a new run started meanwhile
    api.dispatch(revokeOffered({ assetIds: ids }));
  } catch {
    // No offer when the indexer cannot tell: the queue modal's own message stands.
  }
}

async function revokeEffect(_action: unknown, api: Api): Promise<void> {
  const { assetIds } = api.getState().revoke;
  try {
    const [{ revokeDelegation }, { deps, delegate }] = await Promise.all([loadRevoke(), revokeDeps(api)]);
    if (!delegate) throw new Error(REVOKE.nothingLeft);
    const revoked = await revokeDelegation(deps, assetIds, delegate);
    api.dispatch(revokeSucceeded({ revoked }));
  } catch (err) {
    if (api.signal.aborted || isAbort(err)) return;
    api.dispatch(revokeFailed(isCancellation(err) ? cnftFailureText(err) : REVOKE.failed(errorDetail(err))));
  }
}

export function setupRevokeListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: queueFailed,
    effect: async (action, api) => {
      // The one request failed part-way (a later delegation, or the memo): only what this run delegated is offered,
      // never a cNFT that was delegated before the run.
      if (action.payload.name === 'delegation') return void (await offerFor(api, api.getState().queue.delegated));
      if (!AFTER_DELEGATION.has(action.payload.name)) return;
      await offerFor(
        api,
        api.getState().queue.assets.map((a) => a.assetId),
      );
    },
  });
  startAppListening({
    actionCreator: queueCancelAnswered,
    effect: async (action, api) => {
      // The server's own list of what it did not move (and is not sending), else everything not completed.
      const { unmovedAssets, completedAssets } = action.payload;
      const moved = new Set(completedAssets.map((a) => a.assetId));
      const ids = unmovedAssets
        ? unmovedAssets.map((a) => a.assetId)
        : api
            .getState()
            .queue.assets.map((a) => a.assetId)
            .filter((id) => !moved.has(id));
      await offerFor(api, ids);
    },
  });
  // Cancelled before the owner authorised it: the server is not asked (it never runs such a queue), yet the
  // delegations of the first step may already be on chain.
  startAppListening({
    actionCreator: queueCancelRequested,
    effect: async (_action, api) => {
      const ids = api.getOriginalState().queue.assets.map((a) => a.assetId);
      if (await api.condition((a) => queueCancelAnswered.match(a), CANCEL_ANSWER_WAIT_MS)) return;
      await offerFor(api, ids);
    },
  });
  // The wallet approved the delegations after the queue was cancelled: they landed, so offer to take them back.
  startAppListening({
    actionCreator: queueDelegated,
    effect: async (action, api) => {
      if (!api.getState().queue.cancelledEarly) return;
      await offerFor(api, action.payload.assetIds);
    },
  });
  startAppListening({ actionCreator: revokeRequested, effect: revokeEffect });
  // A new run or a closed modal ends the offer (a revocation under way finishes on its own).
  startAppListening({ actionCreator: queueStartRequested, effect: (_a, api) => void api.dispatch(revokeDismissed()) });
  startAppListening({ actionCreator: queueClosed, effect: (_a, api) => void api.dispatch(revokeDismissed()) });
}
