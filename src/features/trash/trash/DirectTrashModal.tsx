// docs/PRODUCT.md#send-cnft-to-trash Send cNFT to Trash: Standard (Recommended) or Robust (Alternative). A view over the trash slice: Send
// dispatches trashRequested and the listener runs the docs/PRODUCT.md#trash-a-cnft chain (standard transfer → fixed → 1000-lamport hide-only
// fallback, labelled honestly). Robust opens the advanced modal, which signs in the page with a pasted key; only
// its outcome is reported (robustTrashFinished) when it closes.
import { lazy, Suspense, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CNFT_ERRORS, DIRECT_MODAL } from '../../../common/texts';
import { HideOnlyOffer } from './HideOnlyOffer';
import { NetworkFeeLine } from './NetworkFeeLine';
import type { RobustResult } from './RobustTrashModal';
import { AssetSummary, TrashModalShell } from './TrashModalShell';
import {
  AWAITS_WALLET,
  isTrashBusy,
  robustTrashFinished,
  selectTrash,
  trashRequested,
  type TrashAsset,
} from './trashSlice';
import type { RobustDeps } from './useTrashPage';

const RobustTrashModal = lazy(() => import(/* webpackChunkName: "trash-robust" */ './RobustTrashModal'));

export default function DirectTrashModal({
  asset,
  robustDeps,
  explorerUrl,
  onClose,
}: {
  asset: TrashAsset;
  robustDeps: RobustDeps | null;
  explorerUrl: (sig: string) => string;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const { status, error, robustSuggested, hideReasons } = useAppSelector(selectTrash);
  const [method, setMethod] = useState<'standard' | 'robust'>('standard');
  const [robustOpen, setRobustOpen] = useState(false);
  const robustResult = useRef<RobustResult | null>(null);
  const offering = status === 'hideOffer';
  const loading = isTrashBusy(status);
  const robustNext = method === 'robust' || robustSuggested;

  const send = () => {
    if (robustNext) {
      robustResult.current = null;
      setRobustOpen(true);
      return;
    }
    dispatch(trashRequested({ asset }));
  };

  const closeRobust = () => {
    setRobustOpen(false);
    const r = robustResult.current;
    if (r) dispatch(robustTrashFinished({ asset, outcome: r.outcome, error: r.error }));
  };

  return (
    <>
      <TrashModalShell title={DIRECT_MODAL.title} testId="direct-trash-modal" onClose={onClose} busy={loading}>
        <AssetSummary name={asset.name} image={asset.image} id={asset.mint} />
        <div className="trash-methods" role="group">
          <button
            type="button"
            className="trash-method"
            aria-pressed={method === 'standard'}
            data-testid="method-standard"
            onClick={() => setMethod('standard')}
            disabled={loading}
          >
            <strong>{DIRECT_MODAL.standardMethod}</strong>
            <small>{DIRECT_MODAL.recommended}</small>
          </button>
          <button
            type="button"
            className="trash-method"
            aria-pressed={method === 'robust'}
            data-testid="method-robust"
            onClick={() => setMethod('robust')}
            disabled={loading}
          >
            <strong>{DIRECT_MODAL.robustMethod}</strong>
            <small>{DIRECT_MODAL.alternative}</small>
          </button>
        </div>
        <p className="trash-info" data-testid="direct-info">
          {DIRECT_MODAL.info}
        </p>
        <NetworkFeeLine payer="wallet" simulated={AWAITS_WALLET.includes(status)} v2Moves={asset.v2 ? 1 : 0} />
        {loading && (
          <p className="trash-status" role="status" data-testid="direct-loading">
            <span className="trash-spinner" aria-hidden="true" />
            {DIRECT_MODAL.loading}
          </p>
        )}
        {offering && <HideOnlyOffer reasons={hideReasons ?? []} />}
        {status === 'failed' && error && (
          <div
            className={error.name === 'HideDeclinedError' ? 'trash-info' : 'trash-error'}
            role="alert"
            data-testid="direct-error"
          >
            {error.message.includes(CNFT_ERRORS.proofFetchFailed) && (
              <strong>{CNFT_ERRORS.proofFetchNotification}</strong>
            )}
            <p>{error.message}</p>
            {robustSuggested && <p>{DIRECT_MODAL.tryRobustSuggestion}</p>}
          </div>
        )}
        <div className="trash-actions">
          <button type="button" className="secondary" data-initial-focus onClick={onClose} disabled={loading}>
            {DIRECT_MODAL.cancel}
          </button>
          <button type="button" data-testid="direct-send" onClick={send} disabled={loading || offering}>
            {robustNext ? DIRECT_MODAL.tryRobust : DIRECT_MODAL.send}
          </button>
        </div>
      </TrashModalShell>
      {robustOpen && (
        <Suspense fallback={null}>
          <RobustTrashModal
            asset={asset}
            deps={robustDeps}
            explorerUrl={explorerUrl}
            onClose={closeRobust}
            onDone={(r) => {
              robustResult.current = r;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
