// Spec §4.6 queued cNFT trash: initial → creating_queue (delegations signed with one approval, queue created, the
// authorisation text signed) → processing (status polled every 2 s; each completed asset hidden at once) → complete;
// 2 s after completion with ≥ 1 success: the success callback, confetti and a notification. Cancel posts the cancel,
// stops polling and resets.
import type { AppListenerEffectAPI, AppStartListening } from '../../app/listenerMiddleware';
import { BUILT_WALLETS, pinnedDelegate, serverMismatch } from '../../common/builtWallets';
import { configApi } from '../../api/configApi';
import { authApi } from '../../api/authApi';
import { QUEUE_POLL_INTERVAL_MS, QUEUE_SUCCESS_CALLBACK_DELAY_MS } from '../../common/constants';
import { AUTH_TEXTS, CNFT_ERRORS, VALIDATION, signingFailed } from '../../common/texts';
import { isCancellation } from '../trash';
import { TRASH_UI } from '../trash';
import { assetsDeselected } from '../selection';
import { canAuthorize, signAuthorization, type SignedAuth } from '../wallet';
import { WalletNotReadyError } from '../wallet';
import { errorDetail } from '../../chain/classifyError';
import { celebrationTriggered } from '../celebration';
import { assetsHidden } from '../hiddenAssets';
import { solChangeCleared } from '../guard';
import { makeTrashApi } from '../trash';
import { queueAccess } from './queueAccess';
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

export const QUEUE_STEPS = {
  delegating: 'Approve the delegation of the selected cNFTs in your wallet...',
  creating: 'Creating transfer queue...',
  signing: 'Please sign the authorisation message with your wallet...',
} as const;

/** An upstream server without DELEGATE_KEYPAIR has no delegate: the queue cannot work there (GET /api/config). */
export const QUEUE_NEEDS_DELEGATE = 'The transfer queue is not available: this server has no delegate key.';

/** Consecutive status failures tolerated before the spec's 'Failed to fetch queue status'. */
const MAX_STATUS_FAILURES = 3;

const fail = (api: AppListenerEffectAPI, name: string, message: string) => api.dispatch(queueFailed({ name, message }));

async function startQueue(action: ReturnType<typeof queueStartRequested>, api: AppListenerEffectAPI): Promise<void> {
  const { wallet } = api.extra;
  const { assets } = action.payload;
  if (api.getState().queue.status !== 'creating_queue') return;
  if (!wallet.publicKey) return void fail(api, 'validation', VALIDATION.walletNotConnected);
  if (assets.length === 0) return void fail(api, 'validation', VALIDATION.noAssetsSelected);
  // A wallet without signMessage authorises with a never-sent memo transaction instead (PRODUCT difference 11).
  if (!canAuthorize(wallet)) return void fail(api, 'validation', VALIDATION.signingMethodUnsupported);
  const owner = wallet.publicKey;
  const stillActive = () => api.getState().queue.status !== 'initial';

  // 1. Delegate the selected cNFTs that are not yet delegated to the server (one wallet approval).
  try {
    // The cNFT ways (shared with the trash listeners) load with the first queue, not with the page.
    const { delegateForQueue } = await import(/* webpackChunkName: "trash-flows" */ '../trash/trashWays');
    const config = await api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap();
    // A server naming other wallets than the build's is refused with that reason, before anything is built (PRODUCT difference 10).
    const mismatch = serverMismatch(config);
    if (mismatch) return void fail(api, 'delegation', mismatch);
    const delegate = pinnedDelegate(config); // the build's, or a local chain's own (src/common/builtWallets.ts)
    if (!delegate) return void fail(api, 'delegation', QUEUE_NEEDS_DELEGATE);
    const connection = api.extra.connection();
    if (!connection) throw new WalletNotReadyError(CNFT_ERRORS.walletMissingSign);
    api.dispatch(solChangeCleared()); // the modal's fee line shows only this run's simulated figure
    api.dispatch(queueStepChanged(QUEUE_STEPS.delegating));
    const delegatedNow = await delegateForQueue(
      {
        wallet,
        connection,
        api: makeTrashApi(api.dispatch),
        trashWallet: BUILT_WALLETS.trashWallet,
        serverWallets: config,
        dispatch: api.dispatch,
        delay: (ms) => api.delay(ms),
      },
      assets.map((a) => a.assetId),
      delegate,
    );
    // Told even after a cancel: a wallet that approved late has delegated these, and the modal offers the revoke.
    if (!api.signal.aborted) api.dispatch(queueDelegated({ assetIds: delegatedNow }));
  } catch (err) {
    if (!stillActive() || api.signal.aborted) return;
    // A failure of one cNFT names it (an AssetStepError carries its id), so the user knows which one to leave out.
    const assetId = (err as { assetId?: unknown })?.assetId;
    const named = typeof assetId === 'string' ? assets.find((a) => a.assetId === assetId) : undefined;
    const detail = signingFailed(errorDetail(named ? (err as { cause?: unknown }).cause : err));
    return void fail(
      api,
      'delegation',
      isCancellation(err) ? CNFT_ERRORS.cancelledByUser : named ? TRASH_UI.assetFailed(named.name, detail) : detail,
    );
  }
  if (!stillActive()) return;

  // 2. Create the queue.
  api.dispatch(queueStepChanged(QUEUE_STEPS.creating));
  let queueId: string;
  try {
    const res = await api.dispatch(queueApi.endpoints.createQueue.initiate({ ownerAddress: owner, assets })).unwrap();
    if (!res.success || !res.queueId) throw new Error(res.error);
    queueId = res.queueId;
  } catch {
    return void fail(api, 'create', CNFT_ERRORS.queueCreateFailed);
  }
  if (!stillActive()) return;
  api.dispatch(queueCreated({ queueId }));

  // 3. The owner signs the 'queue-authorize' message naming this queue and exactly its assets (PRODUCT difference 11).
  api.dispatch(queueStepChanged(wallet.signIn || wallet.signMessage ? QUEUE_STEPS.signing : AUTH_TEXTS.memoStep));
  let signed: SignedAuth;
  try {
    signed = await signAuthorization(
      {
        wallet,
        delay: (ms) => api.delay(ms),
        fetchNonce: () => api.dispatch(authApi.endpoints.getAuthNonce.initiate()).unwrap(),
      },
      { action: 'queue-authorize', queueId, assetIds: [...new Set(assets.map((a) => a.assetId))] },
    );
  } catch (err) {
    if (!stillActive() || api.signal.aborted) return;
    return void fail(api, 'signing', signingFailed(errorDetail(err)));
  }
  if (!stillActive() || api.getState().queue.queueId !== queueId) return; // cancelled while the wallet was open
  try {
    const res = await api
      .dispatch(queueApi.endpoints.authorizeQueue.initiate({ queueId, ownerAddress: owner, ...signed }))
      .unwrap();
    if (!res.success || !res.accessToken) throw new Error(res.error);
    queueAccess.remember(queueId, res.accessToken);
  } catch {
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

async function cancelQueue(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  const queueId = api.getOriginalState().queue.queueId;
  // Not authorised by this page (cancelled before the owner signed): the server never runs a queue its owner did
  // not authorise, and the listener drops the signature if it still comes, so there is nothing to cancel there.
  if (!queueId || !queueAccess.has(queueId)) return;
  const answer = await postCancel(api, queueId);
  queueAccess.forget(queueId);
  // The answer carries what the server had already done: moved cNFTs are gone from the wallet, so they leave the
  // list (and the selection) and the modal says so, instead of offering to start them again.
  const status = answer?.status;
  if (!status) return;
  const moved = status.completedAssets.map((a) => a.assetId);
  if (moved.length > 0) {
    api.dispatch(assetsHidden({ ids: moved, left: true }));
    api.dispatch(assetsDeselected({ kind: 'cnft', mints: moved }));
  }
  api.dispatch(queueCancelAnswered(status));
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
