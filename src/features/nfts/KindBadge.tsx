// PRODUCT difference 12: the card's kind ("Programmable NFT", "Core asset", "Compressed NFT (V2)" …) and, when its program refuses
// burning or moving it, the plain reason and what can still be done.
import type { AssetKind } from '../../chain/assetKind';
import { useAppDispatch } from '../../app/hooks';
import { KIND_HIDE, KIND_LABELS } from '../../common/texts';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import './kinds.css';

export function KindBadge({ id, kind, blocked }: { id: string; kind?: AssetKind; blocked?: string }) {
  const dispatch = useAppDispatch();
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
            dispatch(assetsHidden({ ids: [id] }));
          }}
        >
          {KIND_HIDE}
        </button>
      )}
    </>
  );
}
