"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, type ReactNode } from "react";
import { FIRST_TILES_GRID_CLASS } from "./grid-geometry";
import { GRID_GAP_PX, useGridLayout, type GridLayout } from "./use-grid-layout";

/** Tiles drawn before the grid is measured (in the page's HTML): two rows of the widest layout. */
const FIRST_TILES = 8;

/** Rows rendered beyond the screen on each side: enough for a smooth wheel, few images in the DOM. */
const OVERSCAN_ROWS = 2;
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 6;

/**
 * A grid of cards (the gallery's, the Products page's), virtualized by rows against the window's
 * scroll: only the rows on screen (plus a little overscan) are in the DOM, whatever the number
 * of items loaded.
 */
export function VirtualGrid<T extends { id: string }>({
  items,
  total,
  hasMore,
  loadingMore,
  loadMore,
  renderItem,
  label = "Product shots",
  captionPx,
  minColumns,
}: {
  items: T[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  renderItem: (item: T, index: number, layout: GridLayout) => ReactNode;
  /** The list's accessible name. */
  label?: string;
  /** Height of each card below its square image. */
  captionPx?: number;
  /** Fewest cards a row, however narrow the screen. */
  minColumns?: number;
}) {
  const { ref, layout } = useGridLayout<HTMLUListElement>(captionPx, minColumns);
  const { columns, tileWidth, rowHeight, top } = layout;
  const rows = tileWidth > 0 ? Math.ceil(items.length / columns) : 0;
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight + GRID_GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  // Row height follows the width: drop cached sizes when it changes.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight, columns]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && rows > 0 && lastRow >= rows - PREFETCH_ROWS) loadMore();
  }, [hasMore, loadingMore, lastRow, rows, loadMore]);

  // Until the grid is measured (on the server, and in the browser's first frame) the first tiles are
  // laid out by CSS with the same columns, so the page's HTML holds them and their images load with
  // it, before any script; measured, the same elements move into the virtual rows at the same places.
  const measured = tileWidth > 0;
  const tiles = measured
    ? virtualRows.flatMap((row) =>
        items.slice(row.index * columns, row.index * columns + columns).map((item, column) => ({
          item,
          index: row.index * columns + column,
          style: {
            width: tileWidth,
            height: rowHeight,
            transform: `translate(${column * (tileWidth + GRID_GAP_PX)}px, ${row.start - virtualizer.options.scrollMargin}px)`,
          },
        })),
      )
    : items.slice(0, FIRST_TILES).map((item, index) => ({ item, index, style: undefined }));

  return (
    <div className="@container">
      <ul
        ref={ref}
        aria-label={label}
        className={measured ? "relative w-full" : FIRST_TILES_GRID_CLASS}
        style={measured ? { height: Math.max(0, virtualizer.getTotalSize() - GRID_GAP_PX) } : undefined}
      >
        {tiles.map(({ item, index, style }) => (
          <li
            key={item.id}
            aria-posinset={index + 1}
            aria-setsize={total}
            className={measured ? "absolute top-0 left-0" : undefined}
            style={style}
          >
            {renderItem(item, index, layout)}
          </li>
        ))}
      </ul>
    </div>
  );
}
