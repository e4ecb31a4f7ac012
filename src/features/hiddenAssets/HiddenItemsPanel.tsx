import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ASSETS_SCREEN } from '../../common/texts';
import { selectCnfts } from '../cnfts/cnftsSlice';
import { selectTokens } from '../tokens/tokensSlice';
import { assetsUnhidden, selectHiddenAssetIds } from './hiddenAssetsSlice';

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Assets hidden in this browser (trashed, or hidden by the last fallback), each of which can be shown again. */
export function HiddenItemsPanel() {
  const dispatch = useAppDispatch();
  const ids = useAppSelector(selectHiddenAssetIds);
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
