// The open cNFT modal (each a lazy chunk of its own), loaded with the first modal opened, not with the page: the host
// (TrashModalsHost.tsx) mounts it while the trash slice names a modal.
import { lazy, Suspense, useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectCnfts, splitMovable } from '../../assets/cnfts';
import type { Cnft } from '../../assets/nfts';
import { selectSelectedCnftIds } from '../../assets/selection';
import { selectTooDeepTrees } from '../../assets/cnftTrees';
import type { selectTrashModal } from './trashSlice';
import { useExplorer, useRobustDeps } from './useTrashPage';

const DirectTrashModal = lazy(() => import(/* webpackChunkName: "trash-direct" */ './DirectTrashModal'));
const DelegatedTransferModal = lazy(() => import(/* webpackChunkName: "trash-delegated" */ './DelegatedTransferModal'));
const BurnCnftModal = lazy(() => import(/* webpackChunkName: "trash-burn" */ './BurnCnftModal'));
const QueueTrashModal = lazy(() => import(/* webpackChunkName: "trash-queue" */ '../queue/QueueTrashModal'));

type OpenModal = NonNullable<ReturnType<typeof selectTrashModal>>;

export default function TrashModals({ modal, onClose }: { modal: OpenModal; onClose: () => void }) {
  const { explorerUrl, cluster } = useExplorer();
  const robustDeps = useRobustDeps();
  const cnfts = useAppSelector(selectCnfts);
  const selectedIds = useAppSelector(selectSelectedCnftIds);
  const stuck = useAppSelector(selectTooDeepTrees);

  // The queue takes only what Bubblegum will move; the rest is named in the modal, never sent to fail.
  const { queueAssets, queueV2, queueLeftOut } = useMemo(() => {
    const byId = new Map(cnfts.map((c) => [c.mint, c]));
    const chosen = selectedIds.map((id) => byId.get(id)).filter((c): c is Cnft => !!c);
    const { movable, leftOut } = splitMovable(chosen, stuck);
    return {
      queueAssets: movable.map((c) => ({ assetId: c.mint, name: c.name, image: c.image })),
      queueV2: movable.filter((c) => c.kind === 'cnftV2').length,
      queueLeftOut: leftOut.map((l) => l.cnft.name),
    };
  }, [selectedIds, cnfts, stuck]);
  const asset = modal.asset;

  return (
    <Suspense fallback={null}>
      {modal.way === 'direct' && asset && (
        <DirectTrashModal asset={asset} robustDeps={robustDeps} explorerUrl={explorerUrl} onClose={onClose} />
      )}
      {modal.way === 'delegated' && asset && (
        <DelegatedTransferModal asset={asset} explorerUrl={explorerUrl} onClose={onClose} />
      )}
      {modal.way === 'burn' && asset && <BurnCnftModal asset={asset} onClose={onClose} />}
      {modal.way === 'queue' && (
        <QueueTrashModal
          assets={queueAssets}
          v2Moves={queueV2}
          leftOut={queueLeftOut}
          explorerUrl={explorerUrl}
          cluster={cluster}
          onClose={onClose}
          onSuccess={() => undefined}
        />
      )}
    </Suspense>
  );
}
