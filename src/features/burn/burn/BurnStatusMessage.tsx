import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetConfigQuery } from '../../../api/configApi';
import { explorerTxUrl } from '../../../chain/format';
import { SUCCESS } from '../../../common/texts';
import { burnMessageCleared, selectBurnMessage, selectBurnStatus } from './burnSlice';
import './burn.css';

const STEP_TEXT: Record<string, string> = {
  building: 'Preparing transaction...',
  awaitingSignature: 'Please approve the transaction in your wallet...',
  sending: 'Sending transaction...',
  confirming: 'Confirming transaction...',
}; // ours: progress wording the spec leaves open

/**
 * The burn flows' line of the status area: progress, the success message with its link, or the error
 * (docs/PRODUCT.md#burn-one-token-or-nft, #error-texts). A
 * message stays until Dismiss or the next burn, never on a timer (PRODUCT difference 18; WCAG 2.2.1 Timing Adjustable).
 */
export function BurnStatusMessage() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectBurnMessage);
  const status = useAppSelector(selectBurnStatus);
  const { data: config } = useGetConfigQuery();
  const progress = STEP_TEXT[status];
  if (!message && !progress) return null;
  if (!message) {
    return (
      <div className="burn-status progress" role="status" data-testid="burn-status" data-status={status}>
        {progress}
      </div>
    );
  }
  const cluster = config?.localnet ? { customUrl: config.quicknodeRpcUrl } : 'mainnet-beta';
  return (
    <div
      className={`burn-status ${message.kind}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
      data-testid="burn-status"
      data-status={status}
    >
      <span data-testid="burn-message">{message.text}</span>
      {message.signature && (
        <>
          {' '}
          <a href={explorerTxUrl(message.signature, cluster)} target="_blank" rel="noreferrer">
            {SUCCESS.viewTransaction}
          </a>
        </>
      )}{' '}
      <button
        type="button"
        className="burn-status-dismiss"
        data-testid="burn-message-dismiss"
        onClick={() => dispatch(burnMessageCleared(message.id))}
      >
        {SUCCESS.dismiss}
      </button>
    </div>
  );
}
