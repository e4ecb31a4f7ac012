// docs/PRODUCT.md#delegated-transfer Delegated Transfer: opening it reads the delegation info and proof; Transfer dispatches
// delegatedTransferRequested and the listener has the owner sign the authorisation text and the server move the cNFT
// as delegate. A view over the trash slice: initial → signing → transferring → success | error.
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { configApi } from '../../../api/configApi';
import { shortenAddress } from '../../../chain/format';
import { CNFT_ERRORS, DELEGATED_MODAL } from '../../../common/texts';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { AssetImage } from '../../../ui/AssetImage';
import { selectWalletAddress } from '../../wallet/wallet';
import { useGetDelegateInfoQuery, useGetDelegateProofQuery } from './trashApi';
import { NetworkFeeLine } from './NetworkFeeLine';
import { TrashModalShell } from './TrashModalShell';
import {
  delegatedTransferRequested,
  delegationRequested,
  isTrashBusy,
  selectTrash,
  type TrashAsset,
} from './trashSlice';
import { TRASH_UI } from '../../../common/texts/trashTexts';

export default function DelegatedTransferModal({
  asset,
  explorerUrl,
  onClose,
}: {
  asset: TrashAsset;
  explorerUrl: (sig: string) => string;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const info = useGetDelegateInfoQuery(asset.mint);
  const proof = useGetDelegateProofQuery(asset.mint);
  const { data: config } = configApi.useGetConfigQuery();
  const owner = useAppSelector(selectWalletAddress);
  const { status, flow, error, outcome } = useAppSelector(selectTrash);

  const loading = info.isFetching || info.isLoading;
  const delegation = info.data?.delegationInfo;
  const delegated = !!delegation?.delegated;
  const infoError = info.isError || (info.data && !info.data.success);
  const working = isTrashBusy(status);
  const busy = working && flow === 'delegatedTransfer';
  const delegating = working && flow === 'delegation';
  const succeeded = status === 'done' && flow === 'delegatedTransfer';

  const transfer = () => {
    const proofData = proof.data?.success ? (proof.data.proofData ?? null) : null;
    dispatch(delegatedTransferRequested({ asset, proofData }));
  };

  return (
    <TrashModalShell title={DELEGATED_MODAL.title} testId="delegated-modal" onClose={onClose} busy={working}>
      <div className="trash-asset">
        <AssetImage src={asset.image} fallback={DEFAULT_NFT_IMAGE} alt={asset.name} size={64} />
        <div>
          <strong>{asset.name}</strong>
          <code className="trash-asset-id" data-testid="delegated-short-id" title={asset.mint}>
            {shortenAddress(asset.mint)}
          </code>
        </div>
      </div>
      {/* PRODUCT, cNFT modals: Delegated Transfer: one consistent screen. After the move the delegation info is refetched (the asset now
          belongs to the trash wallet, with no delegate); it must not contradict the success below it. */}
      {!succeeded && (
        <>
          {loading && <p className="trash-status">…</p>}
          {infoError && (
            <p className="trash-error" role="alert">
              {CNFT_ERRORS.delegationInfoFailed}
            </p>
          )}
          {!loading &&
            delegation &&
            (delegated ? (
              <p data-testid="delegated-delegate">
                {DELEGATED_MODAL.delegate}: <code>{delegation.delegate}</code>
              </p>
            ) : (
              <div className="trash-info" data-testid="delegated-not-delegated">
                <p>{TRASH_UI.notDelegated}</p>
                {owner && config?.delegate && (
                  <button
                    type="button"
                    className="secondary"
                    data-testid="delegated-delegate-first"
                    onClick={() => dispatch(delegationRequested({ asset }))}
                    disabled={working}
                  >
                    {delegating ? TRASH_UI.delegating : TRASH_UI.delegateFirst}
                  </button>
                )}
              </div>
            ))}
        </>
      )}
      {!succeeded && <NetworkFeeLine payer="server" simulated={false} v2Moves={asset.v2 ? 1 : 0} />}
      {busy && (
        <p className="trash-status" role="status" data-testid="delegated-progress">
          <span className="trash-spinner" aria-hidden="true" />
          {status === 'transferring' ? DELEGATED_MODAL.transferring : DELEGATED_MODAL.signing}
        </p>
      )}
      {succeeded && (
        <div className="trash-success" data-testid="delegated-success">
          <p>{DELEGATED_MODAL.success}</p>
          {outcome?.signature && (
            <a href={outcome.explorerUrl ?? explorerUrl(outcome.signature)} target="_blank" rel="noreferrer">
              {DELEGATED_MODAL.viewOnSolanaExplorer}
            </a>
          )}
        </div>
      )}
      {status === 'failed' && error && (
        <p className="trash-error" role="alert" data-testid="delegated-error">
          {error.message}
        </p>
      )}
      <div className="trash-actions">
        <button type="button" className="secondary" data-initial-focus onClick={onClose} disabled={working}>
          {TRASH_UI.close}
        </button>
        {!succeeded && (
          <button
            type="button"
            data-testid="delegated-transfer"
            onClick={transfer}
            disabled={loading || !delegated || working}
          >
            {DELEGATED_MODAL.transfer}
          </button>
        )}
      </div>
    </TrashModalShell>
  );
}
