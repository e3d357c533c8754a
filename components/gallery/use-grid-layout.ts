"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { CARD_CAPTION_PX } from "./gallery-card";
import { columnsFor, GRID_GAP_PX } from "./grid-geometry";

export { GRID_GAP_PX };

export interface GridLayout {
  columns: number;
  tileWidth: number;
  /** One row: square tile + caption + border; every row has this height. */
  rowHeight: number;
  /** The grid's top in document coordinates, for the window virtualizer's scroll margin. */
  top: number;
}

/**
 * Measures the grid element (width and page offset) and derives its columns and row height: a
 * square tile plus a caption of `captionPx` (the gallery card's by default), at least `minColumns` a row.
 */
export function useGridLayout<T extends HTMLElement>(captionPx = CARD_CAPTION_PX, minColumns = 1) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, top: 0 });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: Math.floor(rect.width), top: Math.round(rect.top + window.scrollY) };
      setSize((prev) => (prev.width === next.width && prev.top === next.top ? prev : next));
    };
    measure();
    // The grid moves down when the filters above it open or wrap: watch the page's body too.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // (The grid's parent is its container-query wrapper, as wide as the grid: the page is one up.)
    const page = element.parentElement?.parentElement;
    if (page) observer.observe(page);
    const filters = document.getElementById("gallery-toolbar");
    if (filters) observer.observe(filters);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(size.width, minColumns);
  const tileWidth = size.width > 0 ? (size.width - GRID_GAP_PX * (columns - 1)) / columns : 0;
  const layout: GridLayout = { columns, tileWidth, rowHeight: Math.round(tileWidth + captionPx + 2), top: size.top };
  return { ref, layout };
}
