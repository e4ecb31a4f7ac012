import { memo } from 'react';
import { SafeName } from '../selection/SafeName';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DEFAULT_NFT_IMAGE } from '../../common/constants';
import { ASSETS } from '../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { KindBadge } from '../nfts/KindBadge';
import { AssetImage } from '../selection/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../selection/selectionSlice';
import { CnftTrashButtons } from '../trash/CnftTrashButtons';

export const CnftCard = memo(function CnftCard({ cnft }: { cnft: Cnft }) {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  const selected = useAppSelector((s) => selectIsSelected(s, 'cnft', cnft.mint));
  return (
    <div
      className={`asset-card nft-card cnft-card${selected ? ' selected' : ''}${bulkMode ? ' selectable' : ''}`}
      data-testid="cnft-card"
      data-mint={cnft.mint}
      aria-pressed={bulkMode ? selected : undefined}
      onClick={() => bulkMode && dispatch(assetSelectionToggled({ kind: 'cnft', mint: cnft.mint }))}
    >
      <AssetImage className="nft-image" src={cnft.image} fallback={DEFAULT_NFT_IMAGE} alt={cnft.name} />
      <div className="nft-text">
        <span className="nft-name" data-testid="cnft-name" title={cnft.name}><SafeName text={cnft.name} /></span>
      </div>
      <span className="nft-collection" title={cnft.collection}>{cnft.collection}</span>
      <KindBadge kind={cnft.kind} blocked={cnft.blocked} />
      {!bulkMode && <span className="view-only-badge">{ASSETS.viewOnly}</span>}
      <CnftTrashButtons cnft={cnft} />
    </div>
  );
});
