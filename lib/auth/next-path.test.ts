import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  it.each([
    ["/gallery?status=succeeded#top", "/gallery?status=succeeded#top"],
    ["/products/abc", "/products/abc"],
    ["/predictions/1/../2", "/predictions/2"],
  ])("keeps the app's own path %j", (next, kept) => {
    expect(safeNextPath(next)).toBe(kept);
  });

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https:evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    " //evil.example",
    "evil.example",
    "",
    "/sign-in?next=/",
    "/sign-in",
  ])("refuses %j and goes home", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it("refuses a missing value", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath(null)).toBe("/");
  });
});
