import { describe, expect, it } from "vitest";
import { squareTileSizes } from "./shot-sizes";

const SIZES = "(min-width: 1152px) 267px, (min-width: 640px) calc((100vw - 84px) / 4), calc((100vw - 44px) / 2)";

describe("shot sizes", () => {
  it("narrows a tall shot in a square tile by its ratio, keeping every media condition", () => {
    expect(squareTileSizes(SIZES, "9:16")).toBe(
      "(min-width: 1152px) calc(267px * 9 / 16), (min-width: 640px) calc(calc((100vw - 84px) / 4) * 9 / 16), calc(calc((100vw - 44px) / 2) * 9 / 16)",
    );
  });

  it("leaves wide, square and unknown ratios as the tile is", () => {
    expect(squareTileSizes(SIZES, "16:9")).toBe(SIZES);
    expect(squareTileSizes(SIZES, "1:1")).toBe(SIZES);
    expect(squareTileSizes(SIZES, null)).toBe(SIZES);
  });
});
