import { useSelector } from 'react-redux';
import { ASSETS } from '../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { AssetSection } from '../selection/AssetSection';
import { CnftCard } from './CnftCard';
import { selectCnftsLoading, selectVisibleCnfts } from './cnftsSlice';

const key = (c: Cnft) => c.mint;
const render = (c: Cnft) => <CnftCard cnft={c} />;

export function CnftsSection() {
  const cnfts = useSelector(selectVisibleCnfts);
  const loading = useSelector(selectCnftsLoading);
  return (
    <AssetSection
      title={ASSETS.cnftsSection}
      testId="cnfts-section"
      loading={loading}
      emptyText={ASSETS.noCnfts}
      items={cnfts}
      rowHeight={262}
      minCardWidth={180}
      getKey={key}
      renderItem={render}
    />
  );
}
