import { useAppSelector } from '../../app/hooks';
import { ASSETS } from '../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { AssetSection } from '../selection/AssetSection';
import { selectSelectedCnftIds } from '../selection/selectionSlice';
import { TrashSelectedButton } from '../trash/CnftTrashButtons';
import { TrashModalsHost } from '../trash/TrashModalsHost';
import { CnftCard } from './CnftCard';
import { selectCnftsLoading, selectVisibleCnfts } from './cnftsSlice';

const key = (c: Cnft) => c.mint;
const render = (c: Cnft) => <CnftCard cnft={c} />;

export function CnftsSection() {
  const cnfts = useAppSelector(selectVisibleCnfts);
  const loading = useAppSelector(selectCnftsLoading);
  const selected = useAppSelector(selectSelectedCnftIds);
  return (
    <TrashModalsHost>
      <AssetSection
        headerActions={<TrashSelectedButton count={selected.length} />}
        title={ASSETS.cnftsSection}
        testId="cnfts-section"
        loading={loading}
        emptyText={ASSETS.noCnfts}
        items={cnfts}
        rowHeight={300}
        minCardWidth={160}
        getKey={key}
        renderItem={render}
      />
    </TrashModalsHost>
  );
}
