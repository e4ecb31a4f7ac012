// Hosts the cNFT modals (each a lazy chunk) above the cNFT section, so a card can disappear (hidden after a trash)
// while its modal stays open. Which modal is open, and the result line, live in the trash slice; cards open modals
// through the context.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SUCCESS } from '../../../common/texts';
import { selectCnfts } from '../../assets/cnfts';
import type { Cnft } from '../../assets/nfts';
import { selectSelectedCnftIds } from '../../assets/selection';
import { selectTrashBanner, selectTrashModal, trashModalClosed, trashModalOpened } from './trashSlice';
import { useExplorer, useRobustDeps } from './useTrashPage';
import { splitMovable } from '../../assets/cnfts';
import { selectTooDeepTrees } from '../../assets/cnftTrees';

const DirectTrashModal = lazy(() => import(/* webpackChunkName: "trash-direct" */ './DirectTrashModal'));
const DelegatedTransferModal = lazy(() => import(/* webpackChunkName: "trash-delegated" */ './DelegatedTransferModal'));
const BurnCnftModal = lazy(() => import(/* webpackChunkName: "trash-burn" */ './BurnCnftModal'));
const QueueTrashModal = lazy(() => import(/* webpackChunkName: "trash-queue" */ '../queue/QueueTrashModal'));

const BANNER_CLASS = { error: 'trash-error', success: 'trash-success', notice: 'trash-info' } as const;

export type TrashModalKind = 'direct' | 'delegated' | 'burn';

interface HostApi {
  open(kind: TrashModalKind, cnft: Cnft): void;
  openQueue(): void;
}
const HostContext = createContext<HostApi | null>(null);
export const useTrashModals = (): HostApi | null => useContext(HostContext);

export function TrashModalsHost({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { explorerUrl, cluster } = useExplorer();
  const robustDeps = useRobustDeps();
  const modal = useAppSelector(selectTrashModal);
  const banner = useAppSelector(selectTrashBanner);
  const cnfts = useAppSelector(selectCnfts);
  const selectedIds = useAppSelector(selectSelectedCnftIds);
  const stuck = useAppSelector(selectTooDeepTrees);

  const api = useMemo<HostApi>(
    () => ({
      open: (kind, cnft) =>
        dispatch(
          trashModalOpened({
            way: kind,
            asset: {
              mint: cnft.mint,
              name: cnft.name,
              image: cnft.image,
              ...(cnft.kind === 'cnftV2' ? { v2: true } : {}),
            },
          }),
        ),
      openQueue: () => dispatch(trashModalOpened({ way: 'queue' })),
    }),
    [dispatch],
  );
  const close = useCallback(() => dispatch(trashModalClosed()), [dispatch]);

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
  const asset = modal?.asset;

  return (
    <HostContext.Provider value={api}>
      {banner && (
        <p
          className={`trash-status ${BANNER_CLASS[banner.kind]}`}
          data-kind={banner.kind}
          role="status"
          data-testid="trash-result"
        >
          {banner.text}{' '}
          {banner.signature && (
            <a href={banner.explorerUrl ?? explorerUrl(banner.signature)} target="_blank" rel="noreferrer">
              {SUCCESS.viewOnExplorer}
            </a>
          )}
        </p>
      )}
      {children}
      <Suspense fallback={null}>
        {modal?.way === 'direct' && asset && (
          <DirectTrashModal asset={asset} robustDeps={robustDeps} explorerUrl={explorerUrl} onClose={close} />
        )}
        {modal?.way === 'delegated' && asset && (
          <DelegatedTransferModal asset={asset} explorerUrl={explorerUrl} onClose={close} />
        )}
        {modal?.way === 'burn' && asset && <BurnCnftModal asset={asset} onClose={close} />}
        {modal?.way === 'queue' && (
          <QueueTrashModal
            assets={queueAssets}
            v2Moves={queueV2}
            leftOut={queueLeftOut}
            explorerUrl={explorerUrl}
            cluster={cluster}
            onClose={close}
            onSuccess={() => undefined}
          />
        )}
      </Suspense>
    </HostContext.Provider>
  );
}
