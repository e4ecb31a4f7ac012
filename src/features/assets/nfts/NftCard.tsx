import { memo } from 'react';
import { SafeName } from '../../../ui/SafeName';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { ASSETS } from '../../../common/texts';
import { selectBurnBusy, singleBurnRequested } from '../../../app/events';
import { nftSpamLabels } from '../assetTools/assetToolsSelectors';
import { SpamLabels } from '../../../ui/SpamLabels';
import { AssetImage } from '../../../ui/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../selection/selectionSlice';
import { KindBadge } from '../../../ui/KindBadge';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import type { Nft } from './nftModel';

export const NftCard = memo(function NftCard({ nft }: { nft: Nft }) {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  const selected = useAppSelector((s) => selectIsSelected(s, 'nft', nft.mint));
  const busy = useAppSelector(selectBurnBusy);
  // What its program refuses (a pNFT locked by a delegate, a frozen account) is never selectable.
  const toggle = () => bulkMode && !nft.blocked && dispatch(assetSelectionToggled({ kind: 'nft', mint: nft.mint }));
  return (
    <div
      className={`asset-card nft-card${selected ? ' selected' : ''}${bulkMode ? ' selectable' : ''}`}
      data-testid="nft-card"
      data-mint={nft.mint}
      tabIndex={bulkMode ? 0 : undefined}
      onClick={toggle}
      onKeyDown={(e) =>
        e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle())
      }
    >
      <AssetImage className="nft-image" src={nft.image} fallback={DEFAULT_NFT_IMAGE} alt={nft.name} />
      <div className="nft-text">
        {bulkMode && !nft.blocked && (
          <input
            type="checkbox"
            className="nft-checkbox"
            checked={selected}
            aria-label={nft.name}
            onClick={(e) => e.stopPropagation()}
            onChange={() => dispatch(assetSelectionToggled({ kind: 'nft', mint: nft.mint }))}
          />
        )}
        <span className="nft-name" data-testid="nft-name" title={nft.name}>
          <SafeName text={nft.name} />
        </span>
      </div>
      <span className="nft-collection" title={nft.collection}>
        {nft.collection}
      </span>
      <KindBadge kind={nft.kind} blocked={nft.blocked} onHide={() => dispatch(assetsHidden({ ids: [nft.mint] }))} />
      <SpamLabels labels={nftSpamLabels(nft)} />
      {!bulkMode && !nft.blocked && (
        <button
          type="button"
          className="burn-button"
          aria-disabled={busy || undefined}
          onClick={() => !busy && dispatch(singleBurnRequested({ kind: 'nft', mint: nft.mint }))}
        >
          {ASSETS.burnButton}
        </button>
      )}
    </div>
  );
});
