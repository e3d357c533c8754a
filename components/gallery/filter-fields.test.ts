import { describe, expect, it } from "vitest";
import { filtersOn } from "./filter-fields";

describe("the Filters button's count", () => {
  it("counts the filters in the sheet that are on; sort and the prompt search are not among them", () => {
    expect(filtersOn({ sort: "newest" })).toBe(0);
    expect(filtersOn({ sort: "oldest", q: "snow" })).toBe(0);
    expect(filtersOn({ sort: "newest", product_id: "p1", review: "approved" })).toBe(2);
    expect(filtersOn({ sort: "newest", from: "2026-01-01", to: "2026-02-01", aspect_ratio: ["1:1", "4:5"] })).toBe(3);
  });
});
