// DESIGN §3.8 owner burn: a real Bubblegum burn signed by the leaf owner (the wallet), with a fresh proof.
import { useState } from 'react';
import { classifyError } from '../../chain/classifyError';
import { AssetSummary, TrashModalShell } from './TrashModalShell';
import { TRASH_UI } from './trashTexts';
import { ownerBurn, type TrashDeps, type TrashOutcome } from './trashFlows';
import { DIRECT_MODAL } from '../../common/texts';

export default function BurnCnftModal({
  asset,
  deps,
  onClose,
  onResult,
}: {
  asset: { mint: string; name: string; image: string };
  deps: TrashDeps | null;
  onClose: () => void;
  onResult: (r: { outcome?: TrashOutcome; error?: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const burn = async () => {
    if (!deps) return;
    setBusy(true);
    setError(null);
    try {
      const outcome = await ownerBurn(deps, asset.mint);
      onResult({ outcome });
      onClose();
    } catch (err) {
      setBusy(false);
      setError(classifyError(err, 'cnft').message);
    }
  };
  return (
    <TrashModalShell title={TRASH_UI.burnTitle} testId="burn-cnft-modal" onClose={onClose} busy={busy}>
      <AssetSummary name={asset.name} image={asset.image} id={asset.mint} />
      <p className="trash-info">{TRASH_UI.burnInfo}</p>
      {busy && (
        <p className="trash-status" role="status">
          <span className="trash-spinner" aria-hidden="true" />
          {TRASH_UI.burning}
        </p>
      )}
      {error && <p className="trash-error" role="alert" data-testid="burn-cnft-error">{error}</p>}
      <div className="trash-actions">
        <button type="button" className="secondary" onClick={onClose} disabled={busy}>{DIRECT_MODAL.cancel}</button>
        <button type="button" data-testid="burn-cnft-confirm" onClick={burn} disabled={busy || !deps}>{TRASH_UI.burnConfirm}</button>
      </div>
    </TrashModalShell>
  );
}
