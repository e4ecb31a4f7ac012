// Spec §2.10 Delegated Transfer: opening it reads the delegation info and proof; the owner signs the authorisation
// text; the server moves the cNFT as its delegate. States: initial → signing → transferring → success | error.
import { useState } from 'react';
import { classifyError } from '../../chain/classifyError';
import { shortenAddress } from '../../chain/format';
import { CNFT_ERRORS, DELEGATED_MODAL, VALIDATION, transferFailed } from '../../common/texts';
import { useGetDelegateInfoQuery, useGetDelegateProofQuery } from './trashApi';
import { TrashModalShell } from './TrashModalShell';
import { TRASH_UI } from './trashTexts';
import { configApi } from '../../api/configApi';
import { delegatedTrash, delegateForQueue, TrashCancelledError, type TrashDeps } from './trashFlows';

type Phase = 'initial' | 'signing' | 'transferring' | 'success' | 'error';

export default function DelegatedTransferModal({
  asset,
  deps,
  explorerUrl,
  onClose,
  onSuccess,
}: {
  asset: { mint: string; name: string; image: string };
  deps: TrashDeps | null;
  explorerUrl: (sig: string) => string;
  onClose: () => void;
  onSuccess: (signature: string | undefined) => void;
}) {
  const info = useGetDelegateInfoQuery(asset.mint);
  const proof = useGetDelegateProofQuery(asset.mint);
  const [phase, setPhase] = useState<Phase>('initial');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ signature?: string; explorerUrl?: string } | null>(null);
  const [delegating, setDelegating] = useState(false);
  const { data: config } = configApi.useGetConfigQuery();

  // Ours: a cNFT not yet delegated can be delegated here (the owner signs a Bubblegum delegate transaction).
  const delegateFirst = async () => {
    if (!deps || !config?.delegate) return;
    setDelegating(true);
    setError(null);
    try {
      await delegateForQueue(deps, [asset.mint], config.delegate);
      await info.refetch();
    } catch (err) {
      setPhase('error');
      setError(err instanceof TrashCancelledError ? CNFT_ERRORS.cancelledByUser : classifyError(err, 'cnft').message);
    } finally {
      setDelegating(false);
    }
  };

  const loading = info.isFetching || info.isLoading;
  const delegation = info.data?.delegationInfo;
  const delegated = !!delegation?.delegated;
  const infoError = info.isError || (info.data && !info.data.success);
  const busy = phase === 'signing' || phase === 'transferring';

  const transfer = async () => {
    if (!deps) return;
    if (!deps.wallet.publicKey || !deps.wallet.signMessage) {
      setPhase('error');
      setError(VALIDATION.walletRequiredSigning);
      return;
    }
    setError(null);
    try {
      const proofData = proof.data?.success ? (proof.data.proofData ?? null) : null;
      const res = await delegatedTrash(deps, asset.mint, proofData, (s) => setPhase(s));
      setResult(res);
      setPhase('success');
      onSuccess(res.signature);
    } catch (err) {
      setPhase('error');
      if (err instanceof TrashCancelledError) return void setError(CNFT_ERRORS.cancelledByUser);
      const c = classifyError(err, 'cnft');
      const detail = (err as Error)?.message;
      if (c.kind === 'timeout' || c.kind === 'rateLimited' || c.kind === 'proofVerification' || c.kind === 'cancelled') return void setError(c.message);
      if (!detail) return void setError(CNFT_ERRORS.apiConnectionIssue);
      if (detail === VALIDATION.walletRequiredSigning || detail?.startsWith('Signing failed')) return void setError(detail);
      setError(`${transferFailed(!!proof.data?.success)}${detail ? ` (${detail})` : ''}`);
    }
  };

  return (
    <TrashModalShell title={DELEGATED_MODAL.title} testId="delegated-modal" onClose={onClose} busy={busy}>
      <div className="trash-asset">
        <img src={asset.image} alt={asset.name} width={64} height={64} />
        <div>
          <strong>{asset.name}</strong>
          <code className="trash-asset-id" data-testid="delegated-short-id" title={asset.mint}>{shortenAddress(asset.mint)}</code>
        </div>
      </div>
      {loading && <p className="trash-status">…</p>}
      {infoError && <p className="trash-error" role="alert">{CNFT_ERRORS.delegationInfoFailed}</p>}
      {!loading && delegation && (
        delegated ? (
          <p data-testid="delegated-delegate">
            {DELEGATED_MODAL.delegate}: <code>{delegation.delegate}</code>
          </p>
        ) : (
          <div className="trash-info" data-testid="delegated-not-delegated">
            <p>{TRASH_UI.notDelegated}</p>
            {deps?.wallet.publicKey && config?.delegate && (
              <button type="button" className="secondary" data-testid="delegated-delegate-first" onClick={delegateFirst} disabled={delegating || busy}>
                {delegating ? TRASH_UI.delegating : TRASH_UI.delegateFirst}
              </button>
            )}
          </div>
        )
      )}
      {busy && (
        <p className="trash-status" role="status" data-testid="delegated-progress">
          <span className="trash-spinner" aria-hidden="true" />
          {phase === 'signing' ? DELEGATED_MODAL.signing : DELEGATED_MODAL.transferring}
        </p>
      )}
      {phase === 'success' && (
        <div className="trash-success" data-testid="delegated-success">
          <p>{DELEGATED_MODAL.success}</p>
          {result?.signature && (
            <a href={result.explorerUrl ?? explorerUrl(result.signature)} target="_blank" rel="noreferrer">
              {DELEGATED_MODAL.viewOnSolanaExplorer}
            </a>
          )}
        </div>
      )}
      {phase === 'error' && error && <p className="trash-error" role="alert" data-testid="delegated-error">{error}</p>}
      <div className="trash-actions">
        <button type="button" className="secondary" onClick={onClose} disabled={busy}>{TRASH_UI.close}</button>
        {phase !== 'success' && (
          <button type="button" data-testid="delegated-transfer" onClick={transfer} disabled={loading || !delegated || busy || !deps}>
            {DELEGATED_MODAL.transfer}
          </button>
        )}
      </div>
    </TrashModalShell>
  );
}
