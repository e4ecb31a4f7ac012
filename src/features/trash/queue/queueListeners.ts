// docs/PRODUCT.md#trash-a-cnft queued cNFT trash: initial → creating_queue (queue created, its authorisation text built, then ONE
// wallet approval for the delegations and the owner's authorisation memo, PRODUCT difference 11) → processing (status polled every 2 s; each completed asset hidden at once) → complete;
// 2 s after completion with ≥ 1 success: the success callback, confetti and a notification. Cancel posts the cancel,
// stops polling and resets.
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { BUILT_WALLETS, pinnedDelegate, serverMismatch } from '../../../common/builtWallets';
import { configApi } from '../../../api/configApi';
import { authApi } from '../../../api/authApi';
import { QUEUE_POLL_INTERVAL_MS, QUEUE_SUCCESS_CALLBACK_DELAY_MS } from '../../../common/constants';
import { AUTH_TEXTS, CNFT_ERRORS, VALIDATION, signingFailed } from '../../../common/texts';
import { isCancellation } from '../trash/trashErrors';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import { assetsDeselected } from '../../assets/selection';
import type { ServerWallets } from '../../../common/builtWallets';
import type { QueueAsset } from '../../../common/api';
import { canAuthorizeQueue } from '../../wallet/wallet';
import type { QueueProof } from './queueAuthorization';
import { QUEUE_STEPS } from '../../../common/texts/queueStepsTexts';
import { WalletNotReadyError } from '../../wallet/wallet';
import { errorDetail } from '../../../chain/classifyError';
import { celebrationTriggered } from '../../activity/celebration';
import { assetsHidden } from '../../assets/hiddenAssets';
import { solChangeCleared } from '../../wallet/guard';
import { queueAccess } from './queueAccess';
import { unauthorisedQueue } from './unauthorisedQueue';
import { queueApi } from './queueApi';
import {
  queueAuthorized,
  queueCancelAnswered,
  queueCancelRequested,
  queueCreated,
  queueDelegated,
  queueFailed,
  queueStartRequested,
  queueStatusUpdated,
  queueStepChanged,
  queueSucceeded,
} from './queueSlice';

/** An upstream server without DELEGATE_KEYPAIR has no delegate: the queue cannot work there (GET /api/config). */
export const QUEUE_NEEDS_DELEGATE = 'The transfer queue is not available: this server has no delegate key.';

/** Consecutive status failures tolerated before the spec's 'Failed to fetch queue status'. */
const MAX_STATUS_FAILURES = 3;

const fail = (api: AppListenerEffectAPI, name: string, message: string) => api.dispatch(queueFailed({ name, message }));

/** What the delegation step's failure says: the cNFT it belongs to (an AssetStepError carries its id), or the cause. */
function delegationFailure(err: unknown, assets: readonly QueueAsset[]): string {
  const assetId = (err as { assetId?: unknown })?.assetId;
  const named = typeof assetId === 'string' ? assets.find((a) => a.assetId === assetId) : undefined;
  const detail = signingFailed(errorDetail(named ? (err as { cause?: unknown }).cause : err));
  return isCancellation(err) ? CNFT_ERRORS.cancelledByUser : named ? TRASH_UI.assetFailed(named.name, detail) : detail;
}

async function startQueue(action: ReturnType<typeof queueStartRequested>, api: AppListenerEffectAPI): Promise<void> {
  const { wallet } = api.extra;
  const { assets } = action.payload;
  if (api.getState().queue.status !== 'creating_queue') return;
  if (!wallet.publicKey) return void fail(api, 'validation', VALIDATION.walletNotConnected);
  if (assets.length === 0) return void fail(api, 'validation', VALIDATION.noAssetsSelected);
  if (!canAuthorizeQueue(wallet)) return void fail(api, 'validation', VALIDATION.signingMethodUnsupported);
  const owner = wallet.publicKey;
  const assetIds = [...new Set(assets.map((a) => a.assetId))];
  const stillActive = () => api.getState().queue.status !== 'initial';
  api.dispatch(solChangeCleared()); // the modal's fee line shows only this run's simulated figure

  // 1. The server's delegate: a server naming other wallets than the build's is refused before anything is built
  // (PRODUCT difference 10); the build's delegate, or a local chain's own (src/common/builtWallets.ts).
  let config: ServerWallets;
  let delegate: string | null;
  try {
    config = await api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap();
    const mismatch = serverMismatch(config);
    if (mismatch) return void fail(api, 'delegation', mismatch);
    delegate = pinnedDelegate(config);
  } catch (err) {
    return void fail(api, 'delegation', delegationFailure(err, assets));
  }
  if (!delegate) return void fail(api, 'delegation', QUEUE_NEEDS_DELEGATE);

  // 2. Create the queue (or reuse the one an earlier, unapproved try created): the authorisation text names it.
  api.dispatch(queueStepChanged(QUEUE_STEPS.creating));
  let queueId: string;
  const reused = unauthorisedQueue.reusable(owner, assetIds);
  if (reused) queueId = reused;
  else
    try {
      const res = await api.dispatch(queueApi.endpoints.createQueue.initiate({ ownerAddress: owner, assets })).unwrap();
      if (!res.success || !res.queueId) throw new Error(res.error);
      queueId = res.queueId;
      unauthorisedQueue.created(owner, assetIds, queueId);
    } catch {
      return void fail(api, 'create', CNFT_ERRORS.queueCreateFailed);
    }
  if (!stillActive()) return;
  api.dispatch(queueCreated({ queueId }));

  // 3. The 'queue-authorize' text naming this queue and exactly its assets, then ONE wallet request: the
  // delegations of the cNFTs not yet delegated and the owner's memo of the text's hash (queueAuthorization.ts).
  let proof: QueueProof;
  try {
    // The cNFT ways (shared with the trash listeners) load with the first queue, not with the page.
    const [ways, { delegateAndAuthorize }] = await Promise.all([
      import(/* webpackChunkName: "trash-flows" */ '../trash/trashWays'),
      import(/* webpackChunkName: "trash-flows" */ './queueAuthorization'),
    ]);
    const connection = api.extra.connection();
    if (!connection) throw new WalletNotReadyError(CNFT_ERRORS.walletMissingSign);
    proof = await delegateAndAuthorize(
      {
        wallet,
        connection,
        trashWallet: BUILT_WALLETS.trashWallet,
        serverWallets: config,
        dispatch: api.dispatch,
        delay: (ms) => api.delay(ms),
      },
      {
        ways,
        fetchNonce: () => api.dispatch(authApi.endpoints.getAuthNonce.initiate()).unwrap(),
        onStep: (step) => api.dispatch(queueStepChanged(step)),
        // Told even after a cancel: a wallet that approved late has delegated these, and the modal offers the revoke.
        onDelegated: (ids) => !api.signal.aborted && api.dispatch(queueDelegated({ assetIds: ids })),
      },
      { queueId, assetIds, delegate },
    );
  } catch (err) {
    if (!stillActive() || api.signal.aborted) return;
    // The server's one-time code did not come (nothing was asked of the wallet), the fallback's signed text failed
    // (its second approval), or the one request did.
    const step = (err as { step?: unknown })?.step;
    if (step === 'nonce') return void fail(api, 'nonce', AUTH_TEXTS.nonceFailed);
    if (step === 'signing') return void fail(api, 'signing', signingFailed(errorDetail((err as Error).cause)));
    return void fail(api, 'delegation', delegationFailure(err, assets));
  }
  if (!stillActive() || api.getState().queue.queueId !== queueId) return; // cancelled while the wallet was open
  try {
    const res = await api
      .dispatch(queueApi.endpoints.authorizeQueue.initiate({ queueId, ownerAddress: owner, ...proof }))
      .unwrap();
    if (!res.success || !res.accessToken) throw new Error(res.error);
    queueAccess.remember(queueId, res.accessToken);
    unauthorisedQueue.forget();
  } catch {
    unauthorisedQueue.forget(); // refused: the server may have dropped it; the next try creates its own
    if (!stillActive()) return;
    return void fail(api, 'authorize', CNFT_ERRORS.queueAuthorizeFailed);
  }
  // Cancelled while the authorisation was on its way: the queue now runs on the server, so cancel it there.
  if (!stillActive() || api.getState().queue.queueId !== queueId) {
    await postCancel(api, queueId);
    return void queueAccess.forget(queueId);
  }
  api.dispatch(queueStepChanged(null));
  api.dispatch(queueAuthorized());

  // 4. Poll every 2 s until complete (or cancelled: the state leaves 'processing').
  let failures = 0;
  for (;;) {
    const current = api.getState().queue;
    if (current.status !== 'processing' || current.queueId !== queueId) return;
    try {
      const res = await api
        .dispatch(queueApi.endpoints.getQueueStatus.initiate(queueId, { subscribe: false, forceRefetch: true }))
        .unwrap();
      if (!res.success || !res.status) throw new Error(res.error);
      failures = 0;
      if (api.getState().queue.queueId !== queueId) return;
      const done = res.status.completedAssets.map((a) => a.assetId);
      if (done.length) api.dispatch(assetsHidden({ ids: done, left: true }));
      api.dispatch(queueStatusUpdated(res.status));
      if (res.status.isComplete) {
        queueAccess.forget(queueId); // nothing left to read or cancel
        if (res.status.completed >= 1) {
          await api.delay(QUEUE_SUCCESS_CALLBACK_DELAY_MS);
          if (api.getState().queue.queueId !== queueId) return;
          api.dispatch(queueSucceeded({ completed: res.status.completed }));
          api.dispatch(
            celebrationTriggered({
              title: 'cNFTs trashed',
              description: `${res.status.completed} cNFT${res.status.completed === 1 ? '' : 's'} sent to the trash wallet.`,
              lamports: 0,
            }),
          );
        }
        return;
      }
    } catch {
      if (++failures >= MAX_STATUS_FAILURES) return void fail(api, 'status', CNFT_ERRORS.queueStatusFailed);
    }
    await api.delay(QUEUE_POLL_INTERVAL_MS);
  }
}

/** POST the cancel with the owner's access token and answer the server's status (undefined when it failed). */
async function postCancel(api: AppListenerEffectAPI, queueId: string) {
  const ownerAddress = api.extra.wallet.publicKey ?? undefined;
  return api
    .dispatch(queueApi.endpoints.cancelQueue.initiate({ queueId, ownerAddress }))
    .unwrap()
    .catch(() => undefined);
}

/** Polls allowed while a cancelled queue's last transfer settles (the worker confirms or fails it on its own). */
const MAX_SETTLE_POLLS = 150;

async function cancelQueue(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  const queueId = api.getOriginalState().queue.queueId;
  // Not authorised by this page (cancelled before the owner signed): the server never runs a queue its owner did
  // not authorise, and the listener drops the signature if it still comes, so there is nothing to cancel there.
  if (!queueId || !queueAccess.has(queueId)) return;
  let status = (await postCancel(api, queueId))?.status;
  // The answer carries what the server had already done: moved cNFTs are gone from the wallet, so they leave the
  // list (and the selection) and the modal says so, instead of offering to start them again. A transfer in flight
  // when the cancel took hold lands (or fails) after it: the status is read again until none is, so the list, the
  // report and Recent Activity end with what really moved.
  for (let polls = 0; status; polls++) {
    const moved = status.completedAssets.map((a) => a.assetId);
    if (moved.length > 0) {
      api.dispatch(assetsHidden({ ids: moved, left: true }));
      api.dispatch(assetsDeselected({ kind: 'cnft', mints: moved }));
    }
    api.dispatch(queueCancelAnswered(status, queueId));
    if (status.processing === 0 || polls >= MAX_SETTLE_POLLS) break;
    await api.delay(QUEUE_POLL_INTERVAL_MS);
    const res = await api
      .dispatch(queueApi.endpoints.getQueueStatus.initiate(queueId, { subscribe: false, forceRefetch: true }))
      .unwrap()
      .catch(() => undefined);
    if (res?.success && res.status) status = res.status;
  }
  queueAccess.forget(queueId);
}

export function setupQueueListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: queueStartRequested,
    effect: async (action, api) => {
      api.cancelActiveListeners();
      await startQueue(action, api);
    },
  });
  startAppListening({ actionCreator: queueCancelRequested, effect: cancelQueue });
}
