import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ASSETS_SCREEN } from '../../../common/texts';
import { selectCnfts } from '../../assets/cnfts';
import { selectTokens } from '../../assets/tokens';
import { assetsUnhidden, selectHiddenAssetIds, selectLeftWalletIds } from '../../assets/hiddenAssets';

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

// Here, where the screen is put together, and not in hiddenAssets: it names the hidden assets from the token and cNFT
// lists, and those lists' cards import hiddenAssets to hide one (ARCHITECTURE, no import cycles).
/** Assets hidden in this browser and still in the wallet (hidden by the last fallback or by hand), each can be shown again. */
export function HiddenItemsPanel() {
  const dispatch = useAppDispatch();
  const hidden = useAppSelector(selectHiddenAssetIds);
  const left = useAppSelector(selectLeftWalletIds);
  // Only what is still in the wallet: a trashed or burnt asset cannot be shown again.
  const gone = new Set(left);
  const ids = hidden.filter((id) => !gone.has(id));
  const cnfts = useAppSelector(selectCnfts);
  const tokens = useAppSelector(selectTokens);
  if (ids.length === 0) return null;
  const names = new Map([
    ...cnfts.map((c) => [c.mint, c.name] as const),
    ...tokens.map((t) => [t.mint, t.name] as const),
  ]);
  return (
    <section className="asset-section hidden-items" aria-label={ASSETS_SCREEN.hiddenTitle} data-testid="hidden-items">
      <details>
        <summary className="asset-section-title">
          {ASSETS_SCREEN.hiddenTitle} <span className="asset-section-count">{ids.length}</span>
        </summary>
        <ul className="hidden-list">
          {ids.map((id) => (
            <li key={id} data-testid="hidden-item" data-id={id}>
              <span title={id}>{names.get(id) ?? short(id)}</span>
              <button type="button" className="tools-button" onClick={() => dispatch(assetsUnhidden({ ids: [id] }))}>
                {ASSETS_SCREEN.showAgain}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
