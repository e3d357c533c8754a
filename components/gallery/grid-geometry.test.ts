import { describe, expect, it } from "vitest";
import { columnsFor, TILE_SIZES } from "./grid-geometry";

describe("gallery grid geometry", () => {
  it("steps from one to four columns as the grid widens", () => {
    expect([300, 440, 719, 720, 999, 1000, 1104].map(columnsFor)).toEqual([1, 2, 2, 3, 3, 4, 4]);
  });

  it("gives the tile's width at every viewport, by the same columns and the page's padding", () => {
    expect(TILE_SIZES).toBe(
      [
        "(min-width: 1152px) calc((1104px - 48px) / 4)",
        "(min-width: 1048px) calc(((100vw - 48px) - 48px) / 4)",
        "(min-width: 768px) calc(((100vw - 48px) - 32px) / 3)",
        "(min-width: 640px) calc(((100vw - 48px) - 16px) / 2)",
        "(min-width: 472px) calc(((100vw - 32px) - 16px) / 2)",
        "calc(100vw - 32px)",
      ].join(", "),
    );
  });
});
