import { useAppSelector } from '../../app/hooks';
import { ASSETS } from '../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { selectShownCnfts } from '../assetTools/assetToolsSelectors';
import { SectionToolbar } from '../assetTools/SectionToolbar';
import { AssetSection } from '../selection/AssetSection';
import { selectSelectedCnftIds } from '../selection/selectionSlice';
import { TrashSelectedButton } from '../trash/CnftTrashButtons';
import { TrashModalsHost } from '../trash/TrashModalsHost';
import { selectTooDeepTrees } from '../cnftTrees/cnftTreesSlice';
import { CnftCard } from './CnftCard';
import { selectCnftsLoading, selectVisibleCnfts } from './cnftsSlice';

const key = (c: Cnft) => c.mint;
const render = (c: Cnft) => <CnftCard cnft={c} />;

export function CnftsSection() {
  const all = useAppSelector(selectVisibleCnfts);
  const cnfts = useAppSelector(selectShownCnfts);
  const loading = useAppSelector(selectCnftsLoading);
  const selected = useAppSelector(selectSelectedCnftIds);
  const stuck = useAppSelector(selectTooDeepTrees);
  return (
    <TrashModalsHost>
      <AssetSection
        headerActions={<TrashSelectedButton count={selected.length} />}
        title={ASSETS.cnftsSection}
        testId="cnfts-section"
        loading={loading}
        emptyText={ASSETS.noCnfts}
        items={cnfts}
        total={all.length}
        tools={
          <SectionToolbar
            kind="cnft"
            shown={cnfts.length}
            total={all.length}
            selectable={cnfts.filter((c) => !stuck.has(c.compression?.tree ?? '')).map((c) => c.mint)}
            filters={['all', 'burnable', 'spam']}
            sorts={['default', 'name']}
          />
        }
        rowHeight={300}
        minCardWidth={160}
        getKey={key}
        renderItem={render}
      />
    </TrashModalsHost>
  );
}
