// PRODUCT difference 12: the card's kind ("Programmable NFT", "Core asset", "Compressed NFT (V2)" …) and, when its program refuses
// burning or moving it, the plain reason and what can still be done.
import type { AssetKind } from '../chain/assetKind';
import { KIND_HIDE, KIND_LABELS } from '../common/texts';
import './kinds.css';

// Hiding is the card's to do (onHide): a shared part holds no feature's state.
export function KindBadge({ kind, blocked, onHide }: { kind?: AssetKind; blocked?: string; onHide: () => void }) {
  if (!kind) return null;
  return (
    <>
      <span className="kind-badge" data-testid="kind-badge" data-kind={kind}>
        {KIND_LABELS[kind]}
      </span>
      {blocked && (
        <span className="kind-blocked" role="note" data-testid="kind-blocked">
          {blocked}
        </span>
      )}
      {blocked && (
        <button
          type="button"
          className="secondary kind-hide"
          data-testid="kind-hide"
          onClick={(e) => {
            e.stopPropagation();
            onHide();
          }}
        >
          {KIND_HIDE}
        </button>
      )}
    </>
  );
}
