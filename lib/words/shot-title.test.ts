import { describe, expect, it } from "vitest";
import { shotTitle } from "./shot-title";

describe("a shot's title", () => {
  it("is its prompt, or the same words for one without", () => {
    expect(shotTitle("on a marble counter")).toBe("on a marble counter");
    expect(shotTitle("")).toBe("Untitled product shot");
    expect(shotTitle(null)).toBe("Untitled product shot");
  });
});
