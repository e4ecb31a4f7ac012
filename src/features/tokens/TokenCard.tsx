import { memo } from 'react';
import { SafeName } from '../selection/SafeName';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatTokenBalance, formatUiAmountString } from '../../chain/format';
import { DEFAULT_TOKEN_ICON } from '../../common/constants';
import { ASSETS } from '../../common/texts';
import { selectBurnBusy, singleBurnRequested } from '../burn/burnSlice';
import { AssetImage } from '../selection/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../selection/selectionSlice';
import type { Token } from './tokenModel';

export const TokenCard = memo(function TokenCard({ token }: { token: Token }) {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  const selected = useAppSelector((s) => selectIsSelected(s, 'token', token.mint));
  const busy = useAppSelector(selectBurnBusy);
  const toggle = () => bulkMode && dispatch(assetSelectionToggled({ kind: 'token', mint: token.mint }));
  // As wallets show it: the chain's uiAmountString when known (Token-2022 scaled or interest-bearing amounts).
  const balance = (token.uiAmount && formatUiAmountString(token.uiAmount)) || formatTokenBalance(token.balance, token.decimals);
  return (
    <div
      className={`asset-card token-card${selected ? ' selected' : ''}${bulkMode ? ' selectable' : ''}`}
      data-testid="token-card"
      data-mint={token.mint}
      aria-pressed={bulkMode ? selected : undefined}
      role={bulkMode ? 'button' : undefined}
      tabIndex={bulkMode ? 0 : undefined}
      onClick={toggle}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle())}
    >
      <div className="token-head">
        <AssetImage className="token-icon" src={token.logoURI} fallback={DEFAULT_TOKEN_ICON} alt={token.symbol} />
        <div className="token-ids">
          <span className="token-symbol" data-testid="token-symbol"><SafeName text={token.symbol} /></span>
          <span className="token-name" data-testid="token-name" title={token.name}><SafeName text={token.name} /></span>
        </div>
      </div>
      <div className="token-balance" data-testid="token-balance" title={balance}>
        {balance}
      </div>
      {!bulkMode && (
        <button
          type="button"
          className="burn-button"
          disabled={busy}
          onClick={() => dispatch(singleBurnRequested({ kind: 'token', mint: token.mint }))}
        >
          {ASSETS.burnButton}
        </button>
      )}
    </div>
  );
});
