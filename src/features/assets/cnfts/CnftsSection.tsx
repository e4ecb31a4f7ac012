import { useAppSelector } from '../../../app/hooks';
import { ASSETS } from '../../../common/texts';
import type { Cnft } from '../nfts/nftModel';
import { SectionToolbar } from '../assetTools/SectionToolbar';
import { AssetSection } from '../selection/AssetSection';
import { selectSelectedCnftIds } from '../selection/selectionSlice';
import { TrashSelectedButton } from '../../trash/trash';
import { TrashModalsHost } from '../../trash/trash';
import { selectTooDeepTrees } from '../cnftTrees/cnftTreesSlice';
import { CnftCard } from './CnftCard';
import { leftOutCounts, splitMovable } from './cnftMovable';
import { selectShownCnfts } from './shownCnfts';
import { TRASH_UI } from '../../trash/trash';
import { selectCnftsLoading, selectVisibleCnfts } from './cnftsSlice';

const key = (c: Cnft) => c.mint;
const render = (c: Cnft) => <CnftCard cnft={c} />;

export function CnftsSection() {
  const all = useAppSelector(selectVisibleCnfts);
  const cnfts = useAppSelector(selectShownCnfts);
  const loading = useAppSelector(selectCnftsLoading);
  const selected = useAppSelector(selectSelectedCnftIds);
  const stuck = useAppSelector(selectTooDeepTrees);
  const { movable, leftOut } = splitMovable(cnfts, stuck);
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
            selectable={movable.map((c) => c.mint)}
            leftOutNote={leftOut.length > 0 ? TRASH_UI.leftOut(leftOutCounts(leftOut)) : undefined}
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
