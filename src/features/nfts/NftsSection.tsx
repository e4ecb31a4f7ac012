import { useSelector } from 'react-redux';
import { ASSETS } from '../../common/texts';
import { selectShownNfts } from '../assetTools/assetToolsSelectors';
import { SectionToolbar } from '../assetTools/SectionToolbar';
import { AssetSection } from '../selection/AssetSection';
import { NftCard } from './NftCard';
import type { Nft } from './nftModel';
import { selectNfts, selectNftsLoading } from './nftsSlice';

const key = (n: Nft) => n.mint;
const render = (n: Nft) => <NftCard nft={n} />;

export function NftsSection() {
  const all = useSelector(selectNfts);
  const nfts = useSelector(selectShownNfts);
  const loading = useSelector(selectNftsLoading);
  return (
    <AssetSection
      title={ASSETS.nftsSection}
      testId="nfts-section"
      loading={loading}
      emptyText={ASSETS.noNfts}
      items={nfts}
      total={all.length}
      tools={
        <SectionToolbar kind="nft" shown={nfts.length} total={all.length} selectable={nfts.map((n) => n.mint)}
          filters={['all', 'burnable', 'spam']} sorts={['default', 'name', 'solBack']} />
      }
      rowHeight={280}
      minCardWidth={160}
      getKey={key}
      renderItem={render}
    />
  );
}
