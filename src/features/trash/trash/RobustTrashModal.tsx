// docs/PRODUCT.md#advanced-cnft-trash Advanced cNFT Trash (robust method), PRODUCT difference 1: the pasted key is parsed and used to sign IN THIS
// COMPONENT only — never in Redux, storage, logs or any request — and is dropped when the modal closes. The server
// receives only the signed transaction. This is why the robust way is not a listener like the other ways: an action
// (and so the store, the devtools and every listener) must never carry the key. Only the outcome leaves this modal.
import { useEffect, useMemo, useState } from 'react';
import { ROBUST_MODAL } from '../../../common/texts';
import { NetworkFeeLine } from './NetworkFeeLine';
import { AssetSummary, TrashModalShell } from './TrashModalShell';
import { TRASH_UI } from '../../../common/texts/trashTexts';
import { parsePrivateKey } from './privateKey';
import { cnftFailureText } from './trashErrors';
import { apiCall } from './trashTypes';
import { cnftsApi } from '../../assets/cnfts';
import type { TrashOutcome } from './trashTypes';
import type { RobustDeps } from './useTrashPage';

/** The owner in a DAS getAsset answer (`/api/helius/asset`), or null. */
function indexedOwner(res: unknown): string | null {
  const owner = (res as { success?: boolean; data?: { ownership?: { owner?: unknown } } } | null)?.data?.ownership
    ?.owner;
  return (res as { success?: boolean } | null)?.success && typeof owner === 'string' ? owner : null;
}

export interface RobustResult {
  outcome?: TrashOutcome;
  error?: string;
}

export default function RobustTrashModal({
  asset,
  deps,
  explorerUrl,
  onClose,
  onDone,
}: {
  asset: { mint: string; name: string; image: string; v2?: boolean };
  deps: RobustDeps | null;
  explorerUrl: (sig: string) => string;
  onClose: () => void;
  onDone?: (result: RobustResult) => void;
}) {
  const [keyText, setKeyText] = useState('');
  const [status, setStatus] = useState<'idle' | 'processing' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const [signature, setSignature] = useState<string | null>(null);

  const parsed = useMemo(() => {
    if (!keyText) return { error: null, address: null };
    try {
      return { error: null, address: parsePrivateKey(keyText).address };
    } catch (err) {
      return { error: (err as Error).message, address: null };
    }
  }, [keyText]);

  // Forget the key on unmount as well as on close.
  useEffect(() => () => setKeyText(''), []);

  // The owner the asset index names: Confirm waits for a key that is that owner, so a wrong key is told at once
  // instead of failing after signing (the transfer itself checks the leaf owner against the tree on chain again).
  const [leafOwner, setLeafOwner] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!deps) return;
    let live = true;
    apiCall(
      deps.dispatch(cnftsApi.endpoints.getAsset.initiate(asset.mint, { subscribe: false, forceRefetch: true })),
    ).then(
      (res) => live && setLeafOwner(indexedOwner(res)),
      () => live && setLeafOwner(null),
    );
    return () => void (live = false);
  }, [deps, asset.mint]);
  const ownsIt = !!parsed.address && parsed.address === leafOwner;

  const close = () => {
    setKeyText('');
    onClose();
  };

  const confirm = async () => {
    if (!deps || !ownsIt || status === 'processing') return;
    setStatus('processing');
    setMessage(TRASH_UI.robustProcessing);
    try {
      const { keypair } = parsePrivateKey(keyText);
      // The Bubblegum builders load with the first trash, not with the page (the lazy "trash-flows" chunk).
      const { robustTrash } = await import(/* webpackChunkName: "trash-flows" */ './trashWays');
      const outcome = await robustTrash(deps, keypair, asset.mint);
      keypair.secretKey.fill(0);
      setKeyText('');
      setSignature(outcome.signature);
      setStatus('success');
      setMessage(outcome.message ?? TRASH_UI.robustSuccess);
      onDone?.({ outcome });
    } catch (err) {
      const text = cnftFailureText(err);
      setStatus('error');
      setMessage(text);
      onDone?.({ error: text });
    }
  };

  return (
    <TrashModalShell
      title={ROBUST_MODAL.title}
      testId="robust-trash-modal"
      onClose={close}
      busy={status === 'processing'}
    >
      <AssetSummary name={asset.name} image={asset.image} id={asset.mint} />
      {status === 'success' ? (
        // PRODUCT, cNFT modals: Advanced cNFT Trash. A clear final state — what happened and where to see it; the key field is gone and the
        // only action left is Close (which also closes the trash modal behind and shows the result on the page).
        <div className="trash-success" role="status" data-testid="robust-done">
          <p data-testid="robust-status">{message}</p>
          {signature && (
            <a href={explorerUrl(signature)} target="_blank" rel="noreferrer" data-testid="robust-explorer-link">
              {ROBUST_MODAL.viewOnExplorer}
            </a>
          )}
        </div>
      ) : (
        <>
          <label className="trash-field">
            {ROBUST_MODAL.privateKeyLabel}
            <input
              type="password"
              autoComplete="off"
              spellCheck={false}
              data-testid="robust-private-key"
              value={keyText}
              disabled={status === 'processing'}
              onChange={(e) => setKeyText(e.target.value)}
            />
          </label>
          <NetworkFeeLine payer="key" simulated={false} v2Moves={asset.v2 ? 1 : 0} />
          <p className="trash-warning" role="note" data-testid="robust-key-warning">
            {TRASH_UI.keyWarning}
          </p>
          {parsed.error && (
            <p className="trash-error" data-testid="robust-key-error">
              {parsed.error}
            </p>
          )}
          {parsed.address && (
            <p data-testid="robust-derived-address">
              {ROBUST_MODAL.derivedAddress}: <code>{parsed.address}</code>
            </p>
          )}
          {parsed.address && (
            <p
              className={ownsIt ? 'trash-info' : 'trash-error'}
              data-testid="robust-owner-check"
              data-owns={ownsIt}
              role="status"
            >
              {leafOwner === undefined
                ? TRASH_UI.ownerLoading
                : leafOwner === null
                  ? TRASH_UI.ownerUnknown
                  : ownsIt
                    ? TRASH_UI.keyOwns
                    : TRASH_UI.keyNotOwner(parsed.address, leafOwner)}
            </p>
          )}
          <p
            className={`trash-status ${status === 'error' ? 'trash-error' : ''}`}
            data-testid="robust-status"
            role="status"
          >
            {status === 'processing' && <span className="trash-spinner" aria-hidden="true" />}
            {message}
          </p>
        </>
      )}
      <div className="trash-actions">
        <button
          type="button"
          className={status === 'success' ? undefined : 'secondary'}
          data-initial-focus
          onClick={close}
          disabled={status === 'processing'}
        >
          {status === 'success' ? TRASH_UI.close : ROBUST_MODAL.cancel}
        </button>
        {status !== 'success' && (
          <button
            type="button"
            data-testid="robust-confirm"
            onClick={confirm}
            disabled={!ownsIt || status === 'processing' || !deps}
          >
            {ROBUST_MODAL.confirm}
          </button>
        )}
      </div>
    </TrashModalShell>
  );
}
