import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// A windowed card grid: rows are virtualised inside a scroll box of bounded height, so a wallet with thousands of
// assets renders only the rows on screen. Small lists simply grow the box to their own height. Rows are estimated
// at `rowHeight` and measured once rendered, so a card that grows (extra buttons, long names) is never clipped.

interface AssetGridProps<T> {
  items: readonly T[];
  rowHeight: number;
  minCardWidth: number;
  maxHeight?: number;
  gap?: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
}

const DEFAULT_WIDTH = 960;

function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width || DEFAULT_WIDTH;
}

export function AssetGrid<T>({
  items,
  rowHeight,
  minCardWidth,
  maxHeight = 720,
  gap = 12,
  getKey,
  renderItem,
  label,
}: AssetGridProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const columns = Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)));
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight + gap,
    measureElement: (el) => {
      const height = el.getBoundingClientRect().height;
      return height > 0 ? Math.round(height) : rowHeight + gap;
    },
    overscan: 3,
    // Before layout (and in jsdom) the box measures 0 × 0; assume it is as tall as it may grow.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width, height: maxHeight })),
  });
  const total = virtualizer.getTotalSize();
  return (
    <div
      ref={scrollRef}
      className="asset-grid"
      role="list"
      aria-label={label}
      data-count={items.length}
      style={{ maxHeight, height: Math.min(total, maxHeight), overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: total, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="asset-grid-row"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              minHeight: rowHeight,
              paddingBottom: gap,
              transform: `translateY(${row.start}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              columnGap: gap,
            }}
          >
            {items.slice(row.index * columns, (row.index + 1) * columns).map((item) => (
              <div key={getKey(item)} role="listitem" style={{ minWidth: 0 }}>
                {renderItem(item)}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
