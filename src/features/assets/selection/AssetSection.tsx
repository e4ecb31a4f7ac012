import type { ReactNode } from 'react';
import { ASSETS, ASSETS_SCREEN } from '../../../common/texts';
import { LazyAssetGrid } from './lazyAssetGrid';
import './assets.css';

// One of the three asset sections of docs/PRODUCT.md#assets-screen: heading with count, 'Loading...' marker, empty text, windowed grid.
interface AssetSectionProps<T> {
  title: string;
  testId: string;
  loading: boolean;
  emptyText: string;
  items: readonly T[];
  rowHeight: number;
  minCardWidth: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Section-level actions shown beside the heading (e.g. the cNFT trash entry point). */
  headerActions?: ReactNode;
  /** Search / filter / sort / select-all bar shown under the heading. */
  tools?: ReactNode;
  /** How many the section holds before the tools filter it (the heading counts these). */
  total?: number;
}

export function AssetSection<T>({
  title,
  testId,
  loading,
  emptyText,
  items,
  headerActions,
  tools,
  total,
  ...grid
}: AssetSectionProps<T>) {
  const count = total ?? items.length;
  return (
    <section className="asset-section" data-testid={testId} aria-label={title}>
      <div className="asset-section-head">
        <h3 className="asset-section-title">
          {title}
          {!loading && (
            <span className="asset-section-count" data-testid={`${testId}-count`}>
              {count}
            </span>
          )}
        </h3>
        {headerActions}
      </div>
      {tools}
      {loading && count === 0 ? (
        <p className="asset-section-loading">{ASSETS.loading}</p>
      ) : count === 0 ? (
        <p className="asset-section-empty">{emptyText}</p>
      ) : items.length === 0 ? (
        <p className="asset-section-empty">{ASSETS_SCREEN.noneMatch}</p>
      ) : (
        <>
          {loading && <p className="asset-section-loading">{ASSETS.loading}</p>}
          <LazyAssetGrid items={items} label={title} {...grid} />
        </>
      )}
    </section>
  );
}
