import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SELECTION, ASSETS_SCREEN, selectedCount } from '../../../common/texts';
import { bulkNftBurnRequested, bulkTokenBurnRequested, selectBurnBusy } from '../../../app/events';
import { selectSelectedCounts } from './selectionSlice';
import './assets.css';

// docs/PRODUCT.md#selected-assets-panel: what is selected, the two bulk burn buttons, the cNFT view-only note and the empty hint.
// While a burn runs its buttons are aria-disabled, not disabled: a disabled button drops keyboard focus to <body>,
// and the review dialog it opened must hand focus back to it when it closes (PRODUCT difference 18, WAI-ARIA APG
// "Focusability of disabled controls").
export function SelectedAssetsPanel() {
  const dispatch = useAppDispatch();
  const counts = useAppSelector(selectSelectedCounts);
  const busy = useAppSelector(selectBurnBusy);
  return (
    <section className="selected-panel" aria-label={SELECTION.heading} data-testid="selected-assets-panel">
      <div className="selected-head">
        <h3>{SELECTION.heading}</h3>
        <span className="selected-count" data-testid="selected-count">
          {selectedCount(counts.total)}
        </span>
      </div>
      {counts.total === 0 ? (
        <p className="selected-hint">{SELECTION.emptyHint}</p>
      ) : (
        <p className="selected-breakdown" data-testid="selected-breakdown">
          {SELECTION.breakdown(counts.tokens, counts.nfts, counts.cnfts)}
        </p>
      )}
      <div className="selected-actions">
        <button
          type="button"
          className="burn-button"
          disabled={counts.tokens === 0}
          aria-disabled={busy || undefined}
          onClick={() => !busy && dispatch(bulkTokenBurnRequested())}
        >
          {SELECTION.burnSelectedTokens}
        </button>
        <button
          type="button"
          className="burn-button"
          disabled={counts.nfts === 0}
          aria-disabled={busy || undefined}
          onClick={() => !busy && dispatch(bulkNftBurnRequested())}
        >
          {SELECTION.burnSelectedNfts}
        </button>
      </div>
      {counts.cnfts > 0 && <p className="selected-note">{ASSETS_SCREEN.cnftsSelectedNote}</p>}
    </section>
  );
}
