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

/**
 * The gallery keeps two a row however narrow (as the share page does): one card per phone screen
 * showed too little to compare or pick from. The Products page too: its first cards are drawn in
 * the page's HTML with these columns and its images are sized for them, so a measured grid of one
 * column made them jump (and the phone's largest image be painted again, after the scripts).
 */
export const GALLERY_MIN_COLUMNS = 2;

/** The studio's page column (app/(studio)/layout.tsx: max-w-6xl, px-4, sm:px-6). */
const PAGE = { maxWidth: 1104, padding: 16, widePadding: 24, wideFrom: 640 } as const;

/**
 * The same steps as CSS container queries (the grid's wrapper is the container), for the first
 * tiles drawn before any script has measured the grid. Literal, so Tailwind generates them; the
 * test holds them to COLUMN_STEPS.
 */
export const FIRST_TILES_GRID_CLASS =
  "grid grid-cols-2 gap-4 @min-[440px]:grid-cols-2 @min-[720px]:grid-cols-3 @min-[1000px]:grid-cols-4";

export const columnSteps = (): readonly { from: number; columns: number }[] => COLUMN_STEPS;

export function columnsFor(width: number, minColumns = 1): number {
  return Math.max(minColumns, COLUMN_STEPS.find((step) => width >= step.from)?.columns ?? 1);
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

/** A gallery tile's width at every viewport width, as a `sizes` list: the columns the grid measures. */
function buildTileSizes(): string {
  const widest = viewportFor(PAGE.maxWidth);
  const steps = [...COLUMN_STEPS.map((step) => viewportFor(step.from)), PAGE.wideFrom]
    .filter((viewport) => viewport < widest)
    .sort((a, b) => b - a);
  const entries = [`(min-width: ${widest}px) ${tileLength(`${PAGE.maxWidth}px`, columnsFor(PAGE.maxWidth))}`];
  for (const viewport of steps) {
    const padding = paddingAt(viewport);
    entries.push(
      `(min-width: ${viewport}px) ${tileLength(`(100vw - ${2 * padding}px)`, columnsFor(viewport - 2 * padding, GALLERY_MIN_COLUMNS))}`,
    );
  }
  entries.push(tileLength(`(100vw - ${2 * PAGE.padding}px)`, GALLERY_MIN_COLUMNS));
  return entries.join(", ");
}

export const TILE_SIZES = buildTileSizes();
