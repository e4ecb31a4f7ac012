import { useAppSelector } from '../../../app/hooks';
import { ASSETS } from '../../../common/texts';
import { SectionToolbar } from '../assetTools/SectionToolbar';
import { AssetSection } from '../selection/AssetSection';
import { NftCard } from './NftCard';
import { selectShownNfts } from './shownNfts';
import type { Nft } from './nftModel';
import { selectNfts, selectNftsLoading, selectNftsNotice } from './nftsSlice';

const key = (n: Nft) => n.mint;
const render = (n: Nft) => <NftCard nft={n} />;

export function NftsSection() {
  const all = useAppSelector(selectNfts);
  const nfts = useAppSelector(selectShownNfts);
  const loading = useAppSelector(selectNftsLoading);
  const notice = useAppSelector(selectNftsNotice);
  return (
    <>
      {notice && (
        <p className="list-notice" data-testid="nfts-truncated" role="status">
          {notice}
        </p>
      )}
      <AssetSection
        title={ASSETS.nftsSection}
        testId="nfts-section"
        loading={loading}
        emptyText={ASSETS.noNfts}
        items={nfts}
        total={all.length}
        tools={
          <SectionToolbar
            kind="nft"
            shown={nfts.length}
            total={all.length}
            selectable={nfts.filter((n) => !n.blocked).map((n) => n.mint)}
            filters={['all', 'burnable', 'spam']}
            sorts={['default', 'name', 'solBack']}
          />
        }
        rowHeight={280}
        minCardWidth={160}
        getKey={key}
        renderItem={render}
      />
    </>
  );
}
