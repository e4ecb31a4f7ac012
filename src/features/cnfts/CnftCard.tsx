import { memo } from 'react';
import { SafeName } from '../selection/SafeName';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DEFAULT_NFT_IMAGE } from '../../common/constants';
import { ASSETS_SCREEN } from '../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { nftSpamLabels } from '../assetTools/assetToolsSelectors';
import { SpamLabels } from '../assetTools/SpamLabels';
import { KindBadge } from '../nfts/KindBadge';
import { AssetImage } from '../selection/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../selection/selectionSlice';
import { CnftTrashButtons } from '../trash/CnftTrashButtons';
import { TreeTooDeepLabel } from '../cnftTrees/TreeTooDeepLabel';

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
      tabIndex={bulkMode ? 0 : undefined}
      onClick={() => bulkMode && dispatch(assetSelectionToggled({ kind: 'cnft', mint: cnft.mint }))}
      onKeyDown={(e) =>
        e.target === e.currentTarget &&
        bulkMode &&
        (e.key === 'Enter' || e.key === ' ') &&
        (e.preventDefault(), dispatch(assetSelectionToggled({ kind: 'cnft', mint: cnft.mint })))
      }
    >
      <AssetImage className="nft-image" src={cnft.image} fallback={DEFAULT_NFT_IMAGE} alt={cnft.name} />
      <div className="nft-text">
        <span className="nft-name" data-testid="cnft-name" title={cnft.name}>
          <SafeName text={cnft.name} />
        </span>
      </div>
      <span className="nft-collection" title={cnft.collection}>
        {cnft.collection}
      </span>
      <KindBadge id={cnft.mint} kind={cnft.kind} blocked={cnft.blocked} />
      <SpamLabels labels={nftSpamLabels(cnft)} />
      <TreeTooDeepLabel cnft={cnft} />
      {!bulkMode && <span className="view-only-badge">{ASSETS_SCREEN.cnftBadge}</span>}
      <CnftTrashButtons cnft={cnft} />
    </div>
  );
});
