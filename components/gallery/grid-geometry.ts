// The gallery grid's columns, as one rule for the browser's measured layout (use-grid-layout) and
// for the tiles' `sizes`, which the server also needs to preload the first tile's image before
// any script has measured anything.

export const GRID_GAP_PX = 16;

/** 1 → 2 → 3 → 4 columns as the grid's own width grows (the page is at most ~1100 px wide). */
const COLUMN_STEPS = [
  { from: 1000, columns: 4 },
  { from: 720, columns: 3 },
  { from: 440, columns: 2 },
] as const;

/** The studio's page column (app/(studio)/layout.tsx: max-w-6xl, px-4, sm:px-6). */
const PAGE = { maxWidth: 1104, padding: 16, widePadding: 24, wideFrom: 640 } as const;

export function columnsFor(width: number): number {
  return COLUMN_STEPS.find((step) => width >= step.from)?.columns ?? 1;
}

const paddingAt = (viewport: number) => (viewport >= PAGE.wideFrom ? PAGE.widePadding : PAGE.padding);

/** The smallest viewport width at which the grid is `gridWidth` wide. */
function viewportFor(gridWidth: number): number {
  const narrow = gridWidth + 2 * PAGE.padding;
  return narrow < PAGE.wideFrom ? narrow : gridWidth + 2 * PAGE.widePadding;
}

function tileLength(grid: string, columns: number): string {
  return columns === 1 ? grid : `calc((${grid} - ${GRID_GAP_PX * (columns - 1)}px) / ${columns})`;
}

/** A tile's width at every viewport width, as a `sizes` list: the same columns the grid measures. */
function buildTileSizes(): string {
  const widest = viewportFor(PAGE.maxWidth);
  const steps = [...COLUMN_STEPS.map((step) => viewportFor(step.from)), PAGE.wideFrom]
    .filter((viewport) => viewport < widest)
    .sort((a, b) => b - a);
  const entries = [`(min-width: ${widest}px) ${tileLength(`${PAGE.maxWidth}px`, columnsFor(PAGE.maxWidth))}`];
  for (const viewport of steps) {
    const padding = paddingAt(viewport);
    entries.push(`(min-width: ${viewport}px) ${tileLength(`(100vw - ${2 * padding}px)`, columnsFor(viewport - 2 * padding))}`);
  }
  entries.push(tileLength(`calc(100vw - ${2 * PAGE.padding}px)`, 1));
  return entries.join(", ");
}

export const TILE_SIZES = buildTileSizes();
