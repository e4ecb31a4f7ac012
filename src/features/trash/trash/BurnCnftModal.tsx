// PRODUCT difference 8 owner burn: a real Bubblegum burn signed by the leaf owner (the wallet), with a fresh proof. A view
// over the trash slice; the listener runs the burn (ownerBurnRequested).
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DIRECT_MODAL } from '../../../common/texts';
import { NetworkFeeLine } from './NetworkFeeLine';
import { AssetSummary, TrashModalShell } from './TrashModalShell';
import { AWAITS_WALLET, isTrashBusy, ownerBurnRequested, selectTrash, type TrashAsset } from './trashSlice';
import { TRASH_UI } from '../../../common/texts/trashTexts';

export default function BurnCnftModal({ asset, onClose }: { asset: TrashAsset; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectTrash);
  const busy = isTrashBusy(status);
  return (
    <TrashModalShell title={TRASH_UI.burnTitle} testId="burn-cnft-modal" onClose={onClose} busy={busy}>
      <AssetSummary name={asset.name} image={asset.image} id={asset.mint} />
      <p className="trash-info">{TRASH_UI.burnInfo}</p>
      <NetworkFeeLine payer="wallet" simulated={AWAITS_WALLET.includes(status)} />
      {busy && (
        <p className="trash-status" role="status">
          <span className="trash-spinner" aria-hidden="true" />
          {TRASH_UI.burning}
        </p>
      )}
      {status === 'failed' && error && (
        <p className="trash-error" role="alert" data-testid="burn-cnft-error">
          {error.message}
        </p>
      )}
      <div className="trash-actions">
        <button type="button" className="secondary" data-initial-focus onClick={onClose} disabled={busy}>
          {DIRECT_MODAL.cancel}
        </button>
        <button
          type="button"
          data-testid="burn-cnft-confirm"
          onClick={() => dispatch(ownerBurnRequested({ asset }))}
          disabled={busy}
        >
          {TRASH_UI.burnConfirm}
        </button>
      </div>
    </TrashModalShell>
  );
}
