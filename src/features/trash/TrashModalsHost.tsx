// Hosts the cNFT modals (each a lazy chunk) above the cNFT section, so a card can disappear (hidden after a trash)
// while its modal stays open. Cards open modals through the context; results hide assets at once and celebrate.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { configApi } from '../../api/configApi';
import type { ExplorerCluster } from '../../chain/format';
import { SUCCESS } from '../../common/texts';
import { celebrationTriggered } from '../celebration/celebrationSlice';
import { selectCnfts } from '../cnfts/cnftsSlice';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import type { Cnft } from '../nfts/nftModel';
import { assetsDeselected, selectSelectedCnftIds } from '../selection/selectionSlice';
import { TRASH_UI } from './trashTexts';
import type { TrashOutcome } from './trashFlows';
import { useTrashDeps } from './useTrashDeps';

const DirectTrashModal = lazy(() => import(/* webpackChunkName: "trash-direct" */ './DirectTrashModal'));
const DelegatedTransferModal = lazy(() => import(/* webpackChunkName: "trash-delegated" */ './DelegatedTransferModal'));
const BurnCnftModal = lazy(() => import(/* webpackChunkName: "trash-burn" */ './BurnCnftModal'));
const QueueTrashModal = lazy(() => import(/* webpackChunkName: "trash-queue" */ '../queue/QueueTrashModal'));

export type TrashModalKind = 'direct' | 'delegated' | 'burn';

interface HostApi {
  open(kind: TrashModalKind, cnft: Cnft): void;
  openQueue(): void;
}
const HostContext = createContext<HostApi | null>(null);
export const useTrashModals = (): HostApi | null => useContext(HostContext);

interface Banner {
  kind: 'success' | 'error';
  text: string;
  signature?: string;
  explorerUrl?: string;
}

export function TrashModalsHost({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const ctx = useTrashDeps();
  const { data: config } = configApi.useGetConfigQuery();
  const cluster: ExplorerCluster = config?.localnet ? { customUrl: config.quicknodeRpcUrl } : 'mainnet-beta';
  const [modal, setModal] = useState<{ kind: TrashModalKind; cnft: Cnft } | null>(null);
  const [queueOpen, setQueueOpen] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const cnfts = useAppSelector(selectCnfts);
  const selectedIds = useAppSelector(selectSelectedCnftIds);

  const api = useMemo<HostApi>(
    () => ({
      open: (kind, cnft) => {
        setBanner(null);
        setModal({ kind, cnft });
      },
      openQueue: () => {
        setBanner(null);
        setQueueOpen(true);
      },
    }),
    [],
  );
  const close = useCallback(() => setModal(null), []);

  const finished = useCallback(
    (cnft: Cnft, outcome: TrashOutcome & { explorerUrl?: string }) => {
      // Trashed (or hidden by the fallback, or burnt): out of the list at once, and it stays out after a reload.
      dispatch(assetsHidden({ ids: [outcome.assetId] }));
      dispatch(assetsDeselected({ kind: 'cnft', mints: [outcome.assetId] }));
      const text =
        outcome.method === 'burn'
          ? TRASH_UI.burned(cnft.name)
          : outcome.status === 'hidden'
            ? `${TRASH_UI.hidden(cnft.name)} ${outcome.message ?? ''}`
            : outcome.status === 'assumed'
              ? (outcome.message ?? '')
              : TRASH_UI.sent(cnft.name);
      setBanner({ kind: 'success', text, signature: outcome.signature, explorerUrl: outcome.explorerUrl });
      if (outcome.status !== 'hidden') dispatch(celebrationTriggered({ title: outcome.method === 'burn' ? 'cNFT burned' : 'cNFT trashed', description: text, lamports: 0 }));
    },
    [dispatch],
  );

  const queueAssets = useMemo(
    () =>
      selectedIds
        .map((id) => cnfts.find((c) => c.mint === id))
        .filter((c): c is Cnft => !!c)
        .map((c) => ({ assetId: c.mint, name: c.name, image: c.image })),
    [selectedIds, cnfts],
  );

  return (
    <HostContext.Provider value={api}>
      {banner && (
        <p className={`trash-status ${banner.kind === 'error' ? 'trash-error' : 'trash-success'}`} role="status" data-testid="trash-result">
          {banner.text}{' '}
          {banner.signature && (
            <a href={banner.explorerUrl ?? ctx.explorerUrl(banner.signature)} target="_blank" rel="noreferrer">
              {SUCCESS.viewOnExplorer}
            </a>
          )}
        </p>
      )}
      {children}
      <Suspense fallback={null}>
        {modal?.kind === 'direct' && (
          <DirectTrashModal
            asset={modal.cnft}
            deps={ctx.deps}
            explorerUrl={ctx.explorerUrl}
            onClose={close}
            onResult={(r) => {
              if (r.outcome) finished(modal.cnft, r.outcome);
              else if (r.error && !r.cancelled) setBanner({ kind: 'error', text: r.error });
            }}
          />
        )}
        {modal?.kind === 'delegated' && (
          <DelegatedTransferModal
            asset={modal.cnft}
            deps={ctx.deps}
            explorerUrl={ctx.explorerUrl}
            onClose={close}
            onSuccess={(signature) => {
              dispatch(assetsHidden({ ids: [modal.cnft.mint] }));
              dispatch(celebrationTriggered({ title: 'cNFT trashed', description: TRASH_UI.sent(modal.cnft.name), lamports: 0 }));
              void signature;
            }}
          />
        )}
        {modal?.kind === 'burn' && (
          <BurnCnftModal
            asset={modal.cnft}
            deps={ctx.deps}
            onClose={close}
            onResult={(r) => {
              if (r.outcome) finished(modal.cnft, r.outcome);
            }}
          />
        )}
        {queueOpen && (
          <QueueTrashModal
            assets={queueAssets}
            explorerUrl={ctx.explorerUrl}
            cluster={cluster}
            onClose={() => setQueueOpen(false)}
            onSuccess={() => undefined}
          />
        )}
      </Suspense>
    </HostContext.Provider>
  );
}
