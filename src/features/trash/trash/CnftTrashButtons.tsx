// The cNFT card's own actions (docs/PRODUCT.md#cnft-modals): Trash (Send cNFT to Trash), Delegated transfer, Burn (owner).
// The main selection stays view-only for cNFTs; these buttons act on this one card.
import type { MouseEvent } from 'react';
import { cnftAllows } from '../../../chain/cnftLeafFlags';
import type { Cnft } from '../../assets/nfts';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import './trash.css';
import { useTrashModals, type TrashModalKind } from './TrashModalsHost';

export function CnftTrashButtons({ cnft }: { cnft: Cnft }) {
  const host = useTrashModals();
  if (!host) return null;
  const open = (kind: TrashModalKind) => (e: MouseEvent) => {
    e.stopPropagation(); // not a selection click
    host.open(kind, cnft);
  };
  // Bubblegum V2 (PRODUCT difference 12): a frozen leaf allows nothing; a non-transferable one only the owner's burn.
  const { canBurn, canMove } = cnftAllows(cnft);
  if (!canBurn && !canMove) return null;
  return (
    <div className="cnft-actions" data-testid="cnft-actions">
      {canMove && (
        <button type="button" data-testid="cnft-trash" onClick={open('direct')}>
          {TRASH_UI.trash}
        </button>
      )}
      {canMove && (
        <button type="button" className="secondary" data-testid="cnft-delegated" onClick={open('delegated')}>
          {TRASH_UI.delegated}
        </button>
      )}
      <button type="button" className="secondary" data-testid="cnft-burn" onClick={open('burn')}>
        {TRASH_UI.burn}
      </button>
    </div>
  );
}

/** The cNFT section's 'Trash selected': the queued transfer of the selected cNFTs. */
export function TrashSelectedButton({ count }: { count: number }) {
  const host = useTrashModals();
  if (!host) return null;
  return (
    <div className="cnft-section-actions">
      <button type="button" data-testid="cnft-trash-selected" disabled={count === 0} onClick={() => host.openQueue()}>
        {TRASH_UI.trashSelected}
        {count > 0 ? ` (${count})` : ''}
      </button>
    </div>
  );
}
