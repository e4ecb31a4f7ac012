// The cNFT trash ways as listener effects (STYLE habit 2): each reads the wallet and the connection from `extra`,
// runs its way on the one signing path (the ways load as one lazy chunk), and records the outcome: the asset hidden
// at once, the banner, the celebration. The robust way signs in its modal (the pasted key must never enter an action
// or the store); only its outcome comes here, through robustTrashFinished.
import { configApi } from '../../../api/configApi';
import { BUILT_WALLETS, pinnedDelegate } from '../../../common/builtWallets';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { celebrationTriggered } from '../../activity/celebration';
import { assetsHidden } from '../../assets/hiddenAssets';
import { requireConnection } from '../../../app/requireConnection';
import { assetsDeselected } from '../../assets/selection';
import { errorInfo, isAbort } from '../../wallet/wallet';
import { walletDisconnected } from '../../../app/events';
import { trashApi } from './trashApi';
import { cnftFailureText, delegatedFailureText, isCancellation } from './trashErrors';
import {
  delegatedTransferRequested,
  delegationRequested,
  delegationSucceeded,
  hideOnlyAnswered,
  isTrashBusy,
  ownerBurnRequested,
  robustTrashFinished,
  trashBannerShown,
  trashFailed,
  trashHideOffered,
  trashModalClosed,
  trashRequested,
  trashStepReached,
  trashSucceeded,
  type TrashAsset,
  type TrashBanner,
} from './trashSlice';
import { HIDE_ONLY } from '../../../common/texts/hideOnlyTexts';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import { ASSETS_SCREEN } from '../../../common/texts/assetsScreenTexts';
import type { TrashDeps, TrashOutcome } from './trashTypes';

type Api = AppListenerEffectAPI;

const loadWays = () => import(/* webpackChunkName: "trash-flows" */ './trashWays');

/** What every cNFT way (and the revocation) needs, from `extra` and the config. */
export async function cnftDeps(api: Api): Promise<TrashDeps & { delegate: string | null }> {
  const config = await api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap();
  return {
    wallet: api.extra.wallet,
    connection: requireConnection(api.extra),
    trashWallet: BUILT_WALLETS.trashWallet,
    serverWallets: config,
    dispatch: api.dispatch,
    delegate: pinnedDelegate(config),
    delay: (ms) => api.delay(ms),
  };
}

/** The trash ways' deps: signing steps become trashStepReached. */
export async function trashDeps(api: Api): Promise<TrashDeps & { delegate: string | null }> {
  return {
    ...(await cnftDeps(api)),
    onStep: (step) => {
      if (step !== 'checking') api.dispatch(trashStepReached(step));
    },
  };
}

function resultBanner(asset: TrashAsset, outcome: TrashOutcome): TrashBanner {
  const link = { signature: outcome.signature, explorerUrl: outcome.explorerUrl };
  // Hidden, not moved: told as a notice, never in success green (PRODUCT difference 8).
  if (outcome.status === 'hidden') return { kind: 'notice', text: HIDE_ONLY.hidden(asset.name), ...link };
  const text =
    outcome.method === 'burn'
      ? TRASH_UI.burned(asset.name)
      : outcome.status === 'assumed'
        ? (outcome.message ?? '')
        : TRASH_UI.sent(asset.name);
  return { kind: 'success', text, ...link };
}

/** PRODUCT difference 8: offers the hide-only fallback and waits for the owner's answer (closing the modal is a no). */
async function askHide(api: Api, reasons: string[]): Promise<boolean> {
  api.dispatch(trashHideOffered({ reasons }));
  const [answer] = await api.take(
    (a) => hideOnlyAnswered.match(a) || trashModalClosed.match(a) || walletDisconnected.match(a),
  );
  return hideOnlyAnswered.match(answer) && answer.payload.accept;
}

/** Trashed, hidden by the fallback or burnt: out of the list at once (and after a reload), then told and celebrated. */
function recordOutcome(
  api: Api,
  asset: TrashAsset,
  outcome: TrashOutcome,
  report: (banner: TrashBanner) => void,
): void {
  api.dispatch(assetsHidden({ ids: [outcome.assetId], left: outcome.method !== 'basic' }));
  api.dispatch(assetsDeselected({ kind: 'cnft', mints: [outcome.assetId] }));
  const banner = resultBanner(asset, outcome);
  report(banner);
  if (outcome.status !== 'hidden') {
    api.dispatch(
      celebrationTriggered({
        title: outcome.method === 'burn' ? ASSETS_SCREEN.cnftBurnedTitle : TRASH_UI.trashedTitle,
        description: banner.text,
        lamports: 0,
      }),
    );
  }
}

const busyBefore = (api: Api) => isTrashBusy(api.getOriginalState().trash.status);
const stopped = (api: Api, err: unknown) => api.signal.aborted || isAbort(err);

async function trashEffect(action: ReturnType<typeof trashRequested>, api: Api): Promise<void> {
  if (busyBefore(api)) return; // re-entry: the reducer ignored it too
  const { asset } = action.payload;
  try {
    const [ways, deps] = await Promise.all([loadWays(), trashDeps(api)]);
    const outcome = await ways.trashWithFallback(deps, asset.mint, { askHide: (reasons) => askHide(api, reasons) });
    recordOutcome(api, asset, outcome, (banner) => api.dispatch(trashSucceeded({ outcome, banner, closeModal: true })));
  } catch (err) {
    if (stopped(api, err)) return;
    if ((err as Error)?.name === 'HideDeclinedError') return; // the answer already said what happened: nothing
    api.dispatch(trashFailed({ error: errorInfo(err, cnftFailureText(err)), robustSuggested: !isCancellation(err) }));
  }
}

async function ownerBurnEffect(action: ReturnType<typeof ownerBurnRequested>, api: Api): Promise<void> {
  if (busyBefore(api)) return;
  const { asset } = action.payload;
  try {
    const [ways, deps] = await Promise.all([loadWays(), trashDeps(api)]);
    const outcome = await ways.ownerBurn(deps, asset.mint);
    recordOutcome(api, asset, outcome, (banner) => api.dispatch(trashSucceeded({ outcome, banner, closeModal: true })));
  } catch (err) {
    if (stopped(api, err)) return;
    api.dispatch(trashFailed({ error: errorInfo(err, cnftFailureText(err)) }));
  }
}

async function delegatedTransferEffect(action: ReturnType<typeof delegatedTransferRequested>, api: Api): Promise<void> {
  if (busyBefore(api)) return;
  const { asset, proofData } = action.payload;
  try {
    const [ways, deps] = await Promise.all([loadWays(), trashDeps(api)]);
    const step = (s: 'signing' | 'transferring') =>
      api.dispatch(trashStepReached(s === 'signing' ? 'awaitingSignature' : 'transferring'));
    const res = await ways.delegatedTrash(deps, asset.mint, proofData, step);
    api.dispatch(assetsHidden({ ids: [asset.mint], left: true }));
    api.dispatch(
      celebrationTriggered({ title: TRASH_UI.trashedTitle, description: TRASH_UI.sent(asset.name), lamports: 0 }),
    );
    const outcome: TrashOutcome = {
      assetId: asset.mint,
      method: 'delegated',
      status: 'success',
      signature: res.signature ?? '',
      explorerUrl: res.explorerUrl,
    };
    api.dispatch(trashSucceeded({ outcome }));
  } catch (err) {
    if (stopped(api, err)) return;
    api.dispatch(trashFailed({ error: errorInfo(err, delegatedFailureText(err, proofData !== null)) }));
  }
}

async function delegationEffect(action: ReturnType<typeof delegationRequested>, api: Api): Promise<void> {
  if (busyBefore(api)) return;
  const { asset } = action.payload;
  try {
    const [ways, deps] = await Promise.all([loadWays(), trashDeps(api)]);
    if (!deps.delegate) throw new Error(TRASH_UI.notDelegated);
    await ways.delegateForQueue(deps, [asset.mint], deps.delegate);
    // The delegation landed: the modal's delegation info is stale now.
    api.dispatch(trashApi.util.invalidateTags([{ type: 'Delegation', id: asset.mint }]));
    api.dispatch(delegationSucceeded());
  } catch (err) {
    if (stopped(api, err)) return;
    api.dispatch(trashFailed({ error: errorInfo(err, cnftFailureText(err)) }));
  }
}

async function robustFinishedEffect(action: ReturnType<typeof robustTrashFinished>, api: Api): Promise<void> {
  const { asset, outcome } = action.payload;
  if (outcome) recordOutcome(api, asset, outcome, (banner) => api.dispatch(trashBannerShown(banner)));
}

export function setupTrashListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: trashRequested, effect: trashEffect });
  startAppListening({ actionCreator: ownerBurnRequested, effect: ownerBurnEffect });
  startAppListening({ actionCreator: delegatedTransferRequested, effect: delegatedTransferEffect });
  startAppListening({ actionCreator: delegationRequested, effect: delegationEffect });
  startAppListening({ actionCreator: robustTrashFinished, effect: robustFinishedEffect });
}
