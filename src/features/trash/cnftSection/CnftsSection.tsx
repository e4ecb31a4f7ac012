// The cNFT section: a cNFT returns no rent, so its cards' one action is the trash (PRODUCT, cNFTs); the section lives
// with the trash flows and reads the asset lists.
import { useAppSelector } from '../../../app/hooks';
import { ASSETS } from '../../../common/texts';
import type { Cnft } from '../../assets/nfts';
import { SectionToolbar } from '../../assets/assetTools';
import { AssetSection, selectSelectedCnftIds } from '../../assets/selection';
import { selectTooDeepTrees } from '../../assets/cnftTrees';
import {
  leftOutCounts,
  selectCnftsLoading,
  selectShownCnfts,
  selectVisibleCnfts,
  splitMovable,
} from '../../assets/cnfts';
import { TrashSelectedButton } from '../trash/CnftTrashButtons';
import { TrashModalsHost } from '../trash/TrashModalsHost';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import { CnftCard } from './CnftCard';

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
