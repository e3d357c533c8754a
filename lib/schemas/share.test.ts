import { describe, expect, it } from "vitest";
import { createShareSchema } from "./share";

describe("createShareSchema", () => {
  it("normalizes the filter to the gallery's URL form", () => {
    const parsed = createShareSchema.parse({
      filter: { aspect_ratio: ["1:1", "4:5"], q: " beach ", sort: "newest", review: "" },
      expires_in_days: 7,
    });
    expect(parsed.filter).toEqual({ aspect_ratio: "1:1,4:5", q: "beach" });
    expect(createShareSchema.parse({ expires_in_days: 1 }).filter).toEqual({});
  });

  it("refuses paging keys, unknown keys, bad values and expiries outside 1..90 days", () => {
    for (const bad of [
      { filter: { cursor: "x" }, expires_in_days: 1 },
      { filter: { colour: "red" }, expires_in_days: 1 },
      { filter: { aspect_ratio: "2:1" }, expires_in_days: 1 },
      { filter: { from: "2025-02-01", to: "2025-01-01" }, expires_in_days: 1 },
      { filter: {}, expires_in_days: 0 },
      { filter: {}, expires_in_days: 91 },
      { filter: {}, title: "x".repeat(121), expires_in_days: 1 },
    ]) {
      expect(createShareSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes up to 500 picked shot ids; one more is refused with a message saying the limit", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
    expect(createShareSchema.parse({ prediction_ids: ids(500), expires_in_days: 1 }).prediction_ids).toHaveLength(500);
    const refused = createShareSchema.safeParse({ prediction_ids: ids(501), expires_in_days: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain("at most 500 shots; this one would show 501");
    expect(createShareSchema.safeParse({ prediction_ids: [], expires_in_days: 1 }).success).toBe(false);
  });
});
