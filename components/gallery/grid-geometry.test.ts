import { describe, expect, it } from "vitest";
import {
  columnsFor,
  columnSteps,
  FIRST_TILES_GRID_CLASS,
  GALLERY_MIN_COLUMNS,
  GRID_GAP_PX,
  TILE_SIZES,
} from "./grid-geometry";

describe("gallery grid geometry", () => {
  it("steps from one to four columns as the grid widens", () => {
    expect([300, 440, 719, 720, 999, 1000, 1104].map((width) => columnsFor(width))).toEqual([1, 2, 2, 3, 3, 4, 4]);
  });

  it("keeps the gallery at two a row on a phone", () => {
    expect([300, 358, 440, 720].map((width) => columnsFor(width, GALLERY_MIN_COLUMNS))).toEqual([2, 2, 2, 3]);
  });

  it("lays out the first tiles by CSS with the same steps and gap as the measured grid", () => {
    const classes = FIRST_TILES_GRID_CLASS.split(" ");
    for (const step of columnSteps()) expect(classes).toContain(`@min-[${step.from}px]:grid-cols-${step.columns}`);
    expect(classes).toContain(`grid-cols-${GALLERY_MIN_COLUMNS}`);
    expect(classes).toContain(`gap-${GRID_GAP_PX / 4}`);
  });

  it("gives the tile's width at every viewport, by the same columns and the page's padding", () => {
    expect(TILE_SIZES).toBe(
      [
        "(min-width: 1152px) calc((1104px - 48px) / 4)",
        "(min-width: 1048px) calc(((100vw - 48px) - 48px) / 4)",
        "(min-width: 768px) calc(((100vw - 48px) - 32px) / 3)",
        "(min-width: 640px) calc(((100vw - 48px) - 16px) / 2)",
        "(min-width: 472px) calc(((100vw - 32px) - 16px) / 2)",
        "calc(((100vw - 32px) - 16px) / 2)",
      ].join(", "),
    );
  });
});
