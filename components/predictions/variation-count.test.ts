import { describe, expect, it } from "vitest";
import { MAX_VARIATIONS, MIN_VARIATIONS } from "@/lib/schemas/limits";
import { variationCountProblem } from "./generate-mode";

describe("variationCountProblem", () => {
  it("says the limit in words instead of changing the number", () => {
    expect(variationCountProblem("12")).toBe(
      `12 is more than the limit: at most ${MAX_VARIATIONS} variations can be asked for at once.`,
    );
    expect(variationCountProblem(String(MAX_VARIATIONS + 1))).toMatch(/more than the limit/);
    expect(variationCountProblem("1")).toMatch(`at least ${MIN_VARIATIONS}`);
    expect(variationCountProblem("")).toMatch(/whole number/);
    expect(variationCountProblem("2.5")).toMatch(/whole number/);
  });

  it("lets every count within the limits through", () => {
    for (let n = MIN_VARIATIONS; n <= MAX_VARIATIONS; n++) expect(variationCountProblem(String(n))).toBeNull();
  });
});
