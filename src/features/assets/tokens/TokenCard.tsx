import { memo } from 'react';
import { SafeName } from '../../../ui/SafeName';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatTokenBalance, formatUiAmountString } from '../../../chain/format';
import { DEFAULT_TOKEN_ICON } from '../../../common/constants';
import { ASSETS, ASSETS_SCREEN } from '../../../common/texts';
import { isWrappedSol, selectFrozenMints, tokenSpamLabels } from '../assetTools/assetToolsSelectors';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import { SpamLabels } from '../../../ui/SpamLabels';
import { selectBurnBusy, singleBurnRequested } from '../../../app/events';
import { AssetImage } from '../../../ui/AssetImage';
import { assetSelectionToggled, selectBulkMode, selectIsSelected } from '../selection/selectionSlice';
import { TokenValueLine } from '../value/TokenValueLine';
import type { Token } from './tokenModel';

export const TokenCard = memo(function TokenCard({ token }: { token: Token }) {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  const selected = useAppSelector((s) => selectIsSelected(s, 'token', token.mint));
  const busy = useAppSelector(selectBurnBusy);
  const toggle = () => bulkMode && dispatch(assetSelectionToggled({ kind: 'token', mint: token.mint }));
  // As wallets show it: the chain's uiAmountString when known (Token-2022 scaled or interest-bearing amounts).
  const balance =
    (token.uiAmount && formatUiAmountString(token.uiAmount)) || formatTokenBalance(token.balance, token.decimals);
  const wrapped = isWrappedSol(token);
  const frozen = useAppSelector(selectFrozenMints).has(token.mint);
  return (
    <div
      className={`asset-card token-card${selected ? ' selected' : ''}${bulkMode ? ' selectable' : ''}`}
      data-testid="token-card"
      data-mint={token.mint}
      aria-pressed={bulkMode ? selected : undefined}
      role={bulkMode ? 'button' : undefined}
      tabIndex={bulkMode ? 0 : undefined}
      onClick={toggle}
      // Only keys pressed on the card itself: Enter or Space on its Burn or Hide button must reach that button.
      onKeyDown={(e) =>
        e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle())
      }
    >
      <div className="token-head">
        <AssetImage className="token-icon" src={token.logoURI} fallback={DEFAULT_TOKEN_ICON} alt={token.symbol} />
        <div className="token-ids">
          <span className="token-symbol" data-testid="token-symbol">
            <SafeName text={token.symbol} />
          </span>
          <span className="token-name" data-testid="token-name" title={token.name}>
            <SafeName text={token.name} />
          </span>
        </div>
      </div>
      <div className="token-balance" data-testid="token-balance" title={balance}>
        {balance}
      </div>
      <TokenValueLine mint={token.mint} />
      {wrapped && (
        <span className="unwrap-label" title={ASSETS_SCREEN.unwrapNote}>
          {ASSETS_SCREEN.unwrap}
        </span>
      )}
      <SpamLabels labels={tokenSpamLabels(token)} />
      {frozen && (
        <span className="frozen-row">
          <span className="spam-label" data-testid="frozen-label">
            {ASSETS_SCREEN.frozenLabel}
          </span>
          <button
            type="button"
            className="tools-button"
            data-testid="hide-token"
            onClick={(e) => (e.stopPropagation(), dispatch(assetsHidden({ ids: [token.mint] })))}
          >
            {ASSETS_SCREEN.hide}
          </button>
        </span>
      )}
      {!bulkMode && !frozen && (
        <button
          type="button"
          className="burn-button"
          aria-disabled={busy || undefined}
          onClick={() => !busy && dispatch(singleBurnRequested({ kind: 'token', mint: token.mint }))}
        >
          {wrapped ? ASSETS_SCREEN.unwrap : ASSETS.burnButton}
        </button>
      )}
    </div>
  );
});
