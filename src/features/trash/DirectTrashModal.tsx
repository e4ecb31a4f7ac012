// Spec §2.8 Send cNFT to Trash: Standard (Recommended) or Robust (Alternative). Standard runs the §4.6 chain
// (standard transfer → fixed → 1000-lamport hide-only fallback, labelled honestly). Robust opens the advanced modal;
// its result is passed on to this modal's caller when it closes.
import { lazy, Suspense, useRef, useState } from 'react';
import { classifyError } from '../../chain/classifyError';
import { CNFT_ERRORS, DIRECT_MODAL } from '../../common/texts';
import type { RobustResult } from './RobustTrashModal';
import { AssetSummary, TrashModalShell } from './TrashModalShell';
import { trashWithFallback, type TrashDeps, type TrashOutcome } from './trashFlows';

const RobustTrashModal = lazy(() => import(/* webpackChunkName: "trash-robust" */ './RobustTrashModal'));

export interface DirectResult {
  outcome?: TrashOutcome & { explorerUrl?: string };
  error?: string;
  cancelled?: boolean;
}

export default function DirectTrashModal({
  asset,
  deps,
  explorerUrl,
  onClose,
  onResult,
}: {
  asset: { mint: string; name: string; image: string };
  deps: TrashDeps | null;
  explorerUrl: (sig: string) => string;
  onClose: () => void;
  onResult: (result: DirectResult) => void;
}) {
  const [method, setMethod] = useState<'standard' | 'robust'>('standard');
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [robustOpen, setRobustOpen] = useState(false);
  const robustResult = useRef<RobustResult | null>(null);

  const robustNext = method === 'robust' || failed;

  const send = async () => {
    if (robustNext) {
      robustResult.current = null;
      setRobustOpen(true);
      return;
    }
    if (!deps) return;
    setStatus('loading');
    setError(null);
    try {
      const outcome = await trashWithFallback(deps, asset.mint);
      onResult({ outcome });
      onClose();
    } catch (err) {
      const c = classifyError(err, 'cnft');
      setStatus('error');
      setError(c.message || DIRECT_MODAL.tryRobustSuggestion);
      if (c.kind !== 'cancelled') setFailed(true);
      if (c.kind === 'cancelled') onResult({ cancelled: true, error: c.message });
    }
  };

  const closeRobust = () => {
    setRobustOpen(false);
    const r = robustResult.current;
    if (r) {
      onResult(r.outcome ? { outcome: r.outcome } : { error: r.error });
      onClose();
    }
  };

  return (
    <>
      <TrashModalShell title={DIRECT_MODAL.title} testId="direct-trash-modal" onClose={onClose} busy={status === 'loading'}>
        <AssetSummary name={asset.name} image={asset.image} id={asset.mint} />
        <div className="trash-methods" role="group">
          <button type="button" className="trash-method" aria-pressed={method === 'standard'} data-testid="method-standard" onClick={() => setMethod('standard')} disabled={status === 'loading'}>
            <strong>{DIRECT_MODAL.standardMethod}</strong>
            <small>{DIRECT_MODAL.recommended}</small>
          </button>
          <button type="button" className="trash-method" aria-pressed={method === 'robust'} data-testid="method-robust" onClick={() => setMethod('robust')} disabled={status === 'loading'}>
            <strong>{DIRECT_MODAL.robustMethod}</strong>
            <small>{DIRECT_MODAL.alternative}</small>
          </button>
        </div>
        <p className="trash-info" data-testid="direct-info">{DIRECT_MODAL.info}</p>
        {status === 'loading' && (
          <p className="trash-status" role="status" data-testid="direct-loading">
            <span className="trash-spinner" aria-hidden="true" />
            {DIRECT_MODAL.loading}
          </p>
        )}
        {status === 'error' && error && (
          <div className="trash-error" role="alert" data-testid="direct-error">
            {error.includes(CNFT_ERRORS.proofFetchFailed) && <strong>{CNFT_ERRORS.proofFetchNotification}</strong>}
            <p>{error}</p>
            {failed && <p>{DIRECT_MODAL.tryRobustSuggestion}</p>}
          </div>
        )}
        <div className="trash-actions">
          <button type="button" className="secondary" onClick={onClose} disabled={status === 'loading'}>
            {DIRECT_MODAL.cancel}
          </button>
          <button type="button" data-testid="direct-send" onClick={send} disabled={status === 'loading' || !deps}>
            {robustNext ? DIRECT_MODAL.tryRobust : DIRECT_MODAL.send}
          </button>
        </div>
      </TrashModalShell>
      {robustOpen && (
        <Suspense fallback={null}>
          <RobustTrashModal
            asset={asset}
            deps={deps}
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
