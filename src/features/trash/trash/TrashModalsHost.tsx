// Hosts the cNFT modals above the cNFT section, so a card can disappear (hidden after a trash) while its modal stays
// open. Which modal is open, and the result line, live in the trash slice; cards open modals through the context. The
// modals' code (TrashModals.tsx) loads with the first one opened, not with the page.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SUCCESS } from '../../../common/texts';
import type { Cnft } from '../../assets/nfts';
import { selectTrashBanner, selectTrashModal, trashModalClosed, trashModalOpened } from './trashSlice';
import { useExplorer } from './useTrashPage';

const TrashModals = lazy(() => import(/* webpackChunkName: "trash-modals" */ './TrashModals'));

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
  const { explorerUrl } = useExplorer();
  const modal = useAppSelector(selectTrashModal);
  const banner = useAppSelector(selectTrashBanner);

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
      {modal && (
        <Suspense fallback={null}>
          <TrashModals modal={modal} onClose={close} />
        </Suspense>
      )}
    </HostContext.Provider>
  );
}
