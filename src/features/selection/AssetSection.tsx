import type { ReactNode } from 'react';
import { ASSETS } from '../../common/texts';
import { AssetGrid } from './AssetGrid';
import './assets.css';

// One of the three asset sections of spec §2.1: heading with count, 'Loading...' marker, empty text, windowed grid.
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
}

export function AssetSection<T>({ title, testId, loading, emptyText, items, headerActions, ...grid }: AssetSectionProps<T>) {
  return (
    <section className="asset-section" data-testid={testId} aria-label={title}>
      <div className="asset-section-head">
        <h3 className="asset-section-title">
          {title}
          {!loading && <span className="asset-section-count" data-testid={`${testId}-count`}>{items.length}</span>}
        </h3>
        {headerActions}
      </div>
      {loading && items.length === 0 ? (
        <p className="asset-section-loading">{ASSETS.loading}</p>
      ) : items.length === 0 ? (
        <p className="asset-section-empty">{emptyText}</p>
      ) : (
        <>
          {loading && <p className="asset-section-loading">{ASSETS.loading}</p>}
          <AssetGrid items={items} label={title} {...grid} />
        </>
      )}
    </section>
  );
}
