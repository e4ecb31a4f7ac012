import { memo } from 'react';
import { SafeName } from '../../../ui/SafeName';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { ASSETS_SCREEN } from '../../../common/texts';
import type { Cnft } from '../../assets/nfts';
import { nftSpamLabels } from '../../assets/assetTools';
import { SpamLabels } from '../../../ui/SpamLabels';
import { KindBadge } from '../../../ui/KindBadge';
import { assetsHidden } from '../../assets/hiddenAssets';
import { AssetImage } from '../../../ui/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../../assets/selection';
import { CnftTrashButtons } from '../trash/CnftTrashButtons';
import { TreeTooDeepLabel } from '../../assets/cnftTrees';
import { cnftAllows } from '../../../chain/cnftLeafFlags';

export const CnftCard = memo(function CnftCard({ cnft }: { cnft: Cnft }) {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  const selected = useAppSelector((s) => selectIsSelected(s, 'cnft', cnft.mint));
  // The selection feeds only the trash queue: a leaf Bubblegum will not move is never selectable (cnftMovable.ts).
  const selectable = bulkMode && cnftAllows(cnft).canMove;
  const toggle = () => selectable && dispatch(assetSelectionToggled({ kind: 'cnft', mint: cnft.mint }));
  return (
    <div
      className={`asset-card nft-card cnft-card${selected ? ' selected' : ''}${selectable ? ' selectable' : ''}`}
      data-testid="cnft-card"
      data-mint={cnft.mint}
      data-selected={selectable ? selected : undefined}
      onClick={toggle}
    >
      <AssetImage className="nft-image" src={cnft.image} fallback={DEFAULT_NFT_IMAGE} alt={cnft.name} />
      <div className="nft-text">
        {/* A real checkbox for keyboards and screen readers (a div with aria-pressed holding buttons is not one). */}
        {selectable && (
          <input
            type="checkbox"
            className="nft-checkbox"
            data-testid="cnft-checkbox"
            checked={selected}
            aria-label={cnft.name}
            onClick={(e) => e.stopPropagation()}
            onChange={toggle}
          />
        )}
        <span className="nft-name" data-testid="cnft-name" title={cnft.name}>
          <SafeName text={cnft.name} />
        </span>
      </div>
      <span className="nft-collection" title={cnft.collection}>
        {cnft.collection}
      </span>
      <KindBadge kind={cnft.kind} blocked={cnft.blocked} onHide={() => dispatch(assetsHidden({ ids: [cnft.mint] }))} />
      <SpamLabels labels={nftSpamLabels(cnft)} />
      <TreeTooDeepLabel cnft={cnft} />
      {!bulkMode && <span className="view-only-badge">{ASSETS_SCREEN.cnftBadge}</span>}
      <CnftTrashButtons cnft={cnft} />
    </div>
  );
});
