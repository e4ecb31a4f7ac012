// docs/PRODUCT.md#queued-cnft-trash Queued cNFT Trash Operation: initial → creating queue → processing (polled every 2 s) → complete.
// Counts, progress bar, trashed and failed lists with explorer links; Start Transfer / Cancel Transfer / Close.
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { explorerAddressUrl, type ExplorerCluster } from '../../../chain/format';
import type { QueueAsset } from '../../../common/api';
import { QUEUE_MODAL, SUCCESS, queueCancelledReport } from '../../../common/texts';
import { RevokeOffer } from '../revoke/RevokeOffer';
import { NetworkFeeLine } from '../trash/NetworkFeeLine';
import { TrashModalShell } from '../trash/TrashModalShell';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import { queueCancelRequested, queueClosed, queueStartRequested, selectQueue } from './queueSlice';

export default function QueueTrashModal({
  assets,
  v2Moves = 0,
  leftOut = [],
  explorerUrl,
  cluster,
  onClose,
  onSuccess,
}: {
  assets: QueueAsset[];
  /** How many of them are Bubblegum V2 leaves (the server pays V2's transfer fee for each). */
  v2Moves?: number;
  /** Names of selected cNFTs that cannot be moved, so not in the queue. */
  leftOut?: string[];
  explorerUrl: (sig: string) => string;
  cluster: ExplorerCluster;
  onClose: () => void;
  onSuccess?: (completed: number) => void;
}) {
  const dispatch = useAppDispatch();
  const queue = useAppSelector(selectQueue);
  const { status, progress, error, step, succeeded } = queue;
  const list = status === 'initial' ? assets : queue.assets;
  const total = list.length;
  const completed = progress?.completed ?? 0;
  const failed = progress?.failed ?? 0;
  const processing = progress?.processing ?? 0;
  const pending = progress ? (progress.pending ?? Math.max(0, total - completed - failed - processing)) : total;
  const percent = total === 0 ? 0 : Math.round(((completed + failed) / total) * 100);

  const notified = useRef(false);
  useEffect(() => {
    if (succeeded && !notified.current) {
      notified.current = true;
      onSuccess?.(succeeded.completed);
    }
  }, [succeeded, onSuccess]);

  // Close (or Escape) while the server moves cNFTs only asks: cancelling is a choice, never a side effect of
  // closing. Before the queue runs (the wallet is asked), closing cancels it. Either way the modal stays open after a
  // cancel: what happened (and the revoke) must be seen.
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (status === 'processing') return void setAsking(!asking);
    if (status === 'creating_queue') return void dispatch(queueCancelRequested());
    dispatch(queueClosed());
    onClose();
  };
  const busy = status === 'creating_queue' || status === 'processing';
  const cancel = () => {
    setAsking(false);
    dispatch(queueCancelRequested());
  };
  const nameOf = (id: string) => list.find((a) => a.assetId === id)?.name ?? id;

  return (
    <TrashModalShell title={QUEUE_MODAL.title} testId="queue-modal" onClose={close}>
      <p className="trash-info">{TRASH_UI.queueIntro}</p>
      {/* The guard's simulated figure, once this run has one (the listener cleared the last run's first); it stays shown. */}
      <NetworkFeeLine payer="delegations" simulated={status !== 'initial'} v2Moves={v2Moves} />
      {status === 'initial' && leftOut.length > 0 && (
        <p className="trash-info" data-testid="queue-left-out">
          {TRASH_UI.queueLeftOut(leftOut)}
        </p>
      )}
      <p data-testid="queue-state" data-state={status}>
        {status === 'initial' && TRASH_UI.selectedCount(total)}
        {status === 'creating_queue' && (
          <>
            <span className="trash-spinner" aria-hidden="true" />
            {step ?? QUEUE_MODAL.creatingQueue}
          </>
        )}
        {status === 'processing' && (
          <>
            <span className="trash-spinner" aria-hidden="true" />
            {QUEUE_MODAL.processingQueue}
          </>
        )}
        {status === 'complete' && QUEUE_MODAL.complete}
      </p>
      <div className="trash-counts" data-testid="queue-counts">
        <div>
          {QUEUE_MODAL.pending}
          <br />
          <strong data-testid="queue-pending">{pending}</strong>
        </div>
        <div>
          {QUEUE_MODAL.processing}
          <br />
          <strong data-testid="queue-processing">{processing}</strong>
        </div>
        <div>
          {QUEUE_MODAL.successful}
          <br />
          <strong data-testid="queue-successful">{completed}</strong>
        </div>
        <div>
          {QUEUE_MODAL.failed}
          <br />
          <strong data-testid="queue-failed">{failed}</strong>
        </div>
      </div>
      <div
        className="trash-progress"
        role="progressbar"
        aria-label={QUEUE_MODAL.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="queue-progress"
      >
        <div style={{ width: `${percent}%` }} />
      </div>
      {error && (
        <p className="trash-error" role="alert" data-testid="queue-error">
          {error.message}
        </p>
      )}
      {queue.cancelled && (
        <p className="trash-info" role="status" data-testid="queue-cancelled">
          {queueCancelledReport(queue.cancelled.completed, queue.cancelled.processing, queue.cancelled.failed)}
        </p>
      )}
      {queue.cancelledEarly && (
        <p className="trash-info" role="status" data-testid="queue-cancelled-early">
          {TRASH_UI.cancelledEarly(queue.cancelledEarly.delegated.length)}
        </p>
      )}
      {asking && status === 'processing' && <CloseQuestion onKeep={() => setAsking(false)} onCancel={cancel} />}
      <RevokeOffer />
      {progress && progress.completedAssets.length > 0 && (
        <>
          <h4>{QUEUE_MODAL.trashedAssets}</h4>
          <ul className="trash-list" data-testid="queue-trashed">
            {progress.completedAssets.map((a) => (
              <li key={a.assetId}>
                {a.name || nameOf(a.assetId)}{' '}
                {a.signature && (
                  <a href={explorerUrl(a.signature)} target="_blank" rel="noreferrer">
                    {SUCCESS.viewOnExplorer}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {progress && progress.failedAssets.length > 0 && (
        <>
          <h4>{QUEUE_MODAL.failedAssets}</h4>
          <ul className="trash-list" data-testid="queue-failed-list">
            {progress.failedAssets.map((a) => (
              <li key={a.assetId}>
                {a.name || nameOf(a.assetId)}: {a.error}{' '}
                <a href={explorerAddressUrl(a.assetId, cluster)} target="_blank" rel="noreferrer">
                  {SUCCESS.viewOnExplorer}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="trash-actions">
        {status === 'initial' && (
          <button
            type="button"
            data-testid="queue-start"
            disabled={total === 0}
            onClick={() => dispatch(queueStartRequested({ assets }))}
          >
            {QUEUE_MODAL.start}
          </button>
        )}
        {busy && (
          <button type="button" className="secondary" data-testid="queue-cancel" onClick={cancel}>
            {QUEUE_MODAL.cancel}
          </button>
        )}
        <button type="button" className="secondary" data-testid="queue-close" data-initial-focus onClick={close}>
          {QUEUE_MODAL.close}
        </button>
      </div>
    </TrashModalShell>
  );
}

/** Asked when Close or Escape comes while the queue runs; focus goes to the choice that changes nothing. */
function CloseQuestion({ onKeep, onCancel }: { onKeep: () => void; onCancel: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="trash-info" role="group" aria-labelledby="queue-close-question" data-testid="queue-close-ask">
      <p id="queue-close-question">{TRASH_UI.queueCloseQuestion}</p>
      <div className="trash-actions">
        <button type="button" ref={keep} onClick={onKeep}>
          {TRASH_UI.queueKeepRunning}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {QUEUE_MODAL.cancel}
        </button>
      </div>
    </div>
  );
}
