// Issue 14: the card's kind ("Programmable NFT", "Core asset", "Compressed NFT (V2)" …) and, when its program refuses
// burning or moving it, the plain reason and what can still be done.
import type { AssetKind } from '../../chain/assetKind';
import { KIND_LABELS } from '../../common/kindTexts';
import './kinds.css';

export function KindBadge({ kind, blocked }: { kind?: AssetKind; blocked?: string }) {
  if (!kind) return null;
  return (
    <>
      <span className="kind-badge" data-testid="kind-badge" data-kind={kind}>{KIND_LABELS[kind]}</span>
      {blocked && <span className="kind-blocked" role="note" data-testid="kind-blocked">{blocked}</span>}
    </>
  );
}
