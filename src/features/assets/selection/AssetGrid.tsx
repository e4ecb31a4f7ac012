import { observeWindowRect, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';

// A windowed card grid that scrolls with the page (no inner scroll box at any width: on a phone a fixed-height box
// hid cards behind a second scroll bar). Only the rows near the viewport are rendered, so a wallet with thousands of
// assets stays fast. Columns follow the grid's own width; rows are estimated at `rowHeight` and measured once
// rendered, so a card that grows (full names, extra buttons) is never clipped.

interface AssetGridProps<T> {
  items: readonly T[];
  rowHeight: number;
  minCardWidth: number;
  gap?: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
}

const DEFAULT_WIDTH = 960;
const FALLBACK_VIEWPORT_HEIGHT = 900;

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

/** The grid's distance from the top of the document; parts above it (cards, panels) change it as they load. */
function useDocumentOffset(ref: React.RefObject<HTMLDivElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setOffset(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * Keeps keyboard focus on the page when the card holding it leaves the list (burned, hidden, trashed): focus moves to
 * the card now at its place (the next one), else the last card, else the section's heading — never to <body>
 * (WCAG 2.4.3 Focus Order). A card that only scrolled out of the window is still listed and changes nothing.
 */
function useFocusAfterRemoval<T>(
  gridRef: React.RefObject<HTMLDivElement | null>,
  items: readonly T[],
  getKey: (item: T) => string,
) {
  const held = useRef<string | null>(null);
  const before = useRef(items);
  useLayoutEffect(() => {
    const was = held.current;
    const index = was === null ? -1 : before.current.findIndex((item) => getKey(item) === was);
    before.current = items;
    const active = document.activeElement;
    if (was === null || (active && active !== document.body)) return;
    if (items.some((item) => getKey(item) === was)) return;
    held.current = null;
    const grid = gridRef.current;
    const next = items[Math.min(Math.max(index, 0), items.length - 1)];
    const place =
      next &&
      [...(grid?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].find((el) => el.dataset.key === getKey(next));
    const target =
      place?.querySelector<HTMLElement>('[tabindex="0"], button:not([disabled]), input:not([disabled])') ??
      grid?.closest('section')?.querySelector<HTMLElement>('h3');
    if (!target) return;
    if (target.tagName === 'H3') target.tabIndex = -1; // a heading takes focus only programmatically
    target.focus();
  }, [gridRef, items, getKey]);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    held.current = (e.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? null;
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    // Focus that moves elsewhere on purpose lets go; a card removed from the page blurs to nothing (null).
    if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) held.current = null;
  };
  return { onFocus, onBlur };
}

export function AssetGrid<T>({
  items,
  rowHeight,
  minCardWidth,
  gap = 12,
  getKey,
  renderItem,
  label,
}: AssetGridProps<T>) {
  const gridRef = useRef<HTMLDivElement>(null);
  const width = useWidth(gridRef);
  const offset = useDocumentOffset(gridRef);
  const columns = Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)));
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight + gap,
    measureElement: (el) => {
      const height = el.getBoundingClientRect().height;
      return height > 0 ? Math.round(height) : rowHeight + gap;
    },
    overscan: 4,
    scrollMargin: offset,
    // jsdom (and a page before layout) reports a 0 × 0 window; assume a usual viewport then.
    observeElementRect: (instance, cb) =>
      observeWindowRect(instance, (rect) => cb(rect.height > 0 ? rect : { width, height: FALLBACK_VIEWPORT_HEIGHT })),
  });
  const total = virtualizer.getTotalSize();
  const focusKeeper = useFocusAfterRemoval(gridRef, items, getKey);
  return (
    <div
      ref={gridRef}
      className="asset-grid"
      role="list"
      aria-label={label}
      data-count={items.length}
      data-columns={columns}
      style={{ height: total, position: 'relative' }}
      {...focusKeeper}
    >
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
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            columnGap: gap,
          }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item) => (
            <div key={getKey(item)} data-key={getKey(item)} role="listitem" style={{ minWidth: 0 }}>
              {renderItem(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
