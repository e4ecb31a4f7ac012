// The revoke offer under the queue modal's message (PRODUCT, the flows: Revoke delegation): how many cNFTs the server can
// still move, one button to take that right back, then what the chain now says.
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { REVOKE } from '../../../common/texts/revokeTexts';
import { revokeRequested, selectRevoke } from './revokeSlice';

export function RevokeOffer() {
  const dispatch = useAppDispatch();
  const { status, assetIds, revoked, error } = useAppSelector(selectRevoke);
  if (status === 'idle') return null;
  const n = assetIds.length;
  return (
    <div className="trash-info revoke-offer" role="status" data-testid="revoke-offer" data-status={status}>
      {status === 'done' ? (
        <p data-testid="revoke-done">{revoked.length > 0 ? REVOKE.done(revoked.length) : REVOKE.nothingLeft}</p>
      ) : (
        <>
          <p>{REVOKE.offer(n)}</p>
          {status === 'revoking' && (
            <p className="trash-status">
              <span className="trash-spinner" aria-hidden="true" />
              {REVOKE.working}
            </p>
          )}
          {error && (
            <p className="trash-error" role="alert" data-testid="revoke-error">
              {error}
            </p>
          )}
          <button
            type="button"
            data-testid="revoke-button"
            disabled={status === 'revoking'}
            onClick={() => dispatch(revokeRequested())}
          >
            {REVOKE.button(n)}
          </button>
        </>
      )}
    </div>
  );
}
