import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { galleryQuerySchema, type GalleryQuery } from "@/lib/schemas/gallery-query";
import type { AspectRatio, PredictionView } from "@/lib/types";
import { filterEntries, indexEntry, newestFirst, pageOf, type IndexedPrediction } from "./gallery-page";

const RATIOS: AspectRatio[] = ["16:9", "1:1", "9:16"];

function view(i: number, extra: Partial<PredictionView> = {}): PredictionView {
  const day = String(1 + (i % 28)).padStart(2, "0");
  return {
    id: `p${String(i).padStart(4, "0")}`,
    product_id: i % 2 ? "bottle" : "mug",
    prompt: i % 5 === 0 ? `Bottle On A Beach #${i}` : `mug in a studio #${i}`,
    aspect_ratio: i % 7 === 0 ? null : RATIOS[i % RATIOS.length],
    status: "succeeded",
    images: [`http://assets.test/${i}.jpg`],
    // Several share one time, so the id tie-break is exercised.
    date_modification: `2025-03-${day} 10:00:00`,
    product_name: null,
    created_at: null,
    ...extra,
  };
}

const entries: IndexedPrediction[] = Array.from({ length: 250 }, (_, i) => indexEntry(view(i))).sort(newestFirst);
const q = (raw: Record<string, string> = {}): GalleryQuery => galleryQuerySchema.parse(raw);

function allPages(list: IndexedPrediction[], query: GalleryQuery): PredictionView[] {
  const ordered = filterEntries(list, query);
  const seen: PredictionView[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = pageOf(ordered, { sort: query.sort, limit: query.limit ?? 60, cursor });
    expect(page.total).toBe(ordered.length);
    seen.push(...page.items);
    if (!page.next_cursor) return seen;
    cursor = page.next_cursor;
  }
  throw new Error("no end");
}

describe("indexEntry", () => {
  it("uses the app's creation time, else date_modification read as UTC", () => {
    expect(indexEntry(view(1, { created_at: "2025-01-02T03:04:05.000Z" })).time).toBe(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(indexEntry(view(1, { date_modification: "2025-03-02 10:00:00" })).time).toBe(Date.UTC(2025, 2, 2, 10));
  });
});

describe("pageOf", () => {
  it("visits every item exactly once, in order, for both sorts", () => {
    for (const sort of ["newest", "oldest"]) {
      const seen = allPages(entries, q({ sort, limit: "17" }));
      expect(seen).toHaveLength(250);
      expect(new Set(seen.map((v) => v.id)).size).toBe(250);
      const times = seen.map((v) => indexEntry(v).time);
      const sorted = [...times].sort((a, b) => (sort === "newest" ? b - a : a - b));
      expect(times).toEqual(sorted);
    }
  });

  it("neither repeats nor skips when new predictions arrive between pages", () => {
    const ordered = filterEntries(entries, q());
    const first = pageOf(ordered, { sort: "newest", limit: 50 });
    const newer = [indexEntry(view(999, { created_at: "2030-01-01T00:00:00Z" })), ...entries];
    const rest = allPagesFrom(newer, first.next_cursor!);
    expect([...first.items, ...rest].map((v) => v.id).sort()).toEqual(entries.map((e) => e.view.id).sort());
  });

  it("refuses a mangled cursor or one of the other sort order", () => {
    const ordered = filterEntries(entries, q());
    expect(() => pageOf(ordered, { sort: "newest", limit: 5, cursor: "not-a-cursor" })).toThrow(AppError);
    const { next_cursor } = pageOf(ordered, { sort: "newest", limit: 5 });
    expect(() => pageOf(ordered, { sort: "oldest", limit: 5, cursor: next_cursor! })).toThrow(/another sort order/);
  });

  it("has no next cursor on the last page", () => {
    expect(pageOf(filterEntries(entries, q()), { sort: "newest", limit: 250 }).next_cursor).toBeNull();
  });
});

function allPagesFrom(list: IndexedPrediction[], cursor: string): PredictionView[] {
  const ordered = filterEntries(list, q());
  const out: PredictionView[] = [];
  let next: string | null = cursor;
  while (next) {
    const page = pageOf(ordered, { sort: "newest", limit: 50, cursor: next });
    out.push(...page.items);
    next = page.next_cursor;
  }
  return out;
}

describe("filterEntries", () => {
  it("filters by product", () => {
    const got = filterEntries(entries, q({ product_id: "bottle" }));
    expect(got.length).toBe(125);
    expect(got.every((e) => e.view.product_id === "bottle")).toBe(true);
  });

  it("filters by several aspect ratios; an unknown ratio matches none", () => {
    const got = filterEntries(entries, q({ aspect_ratio: "16:9,9:16" }));
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((e) => e.view.aspect_ratio === "16:9" || e.view.aspect_ratio === "9:16")).toBe(true);
    expect(got.length).toBe(entries.filter((e) => e.view.aspect_ratio === "16:9" || e.view.aspect_ratio === "9:16").length);
  });

  it("searches prompts for every word, in any case", () => {
    const got = filterEntries(entries, q({ q: "beach BOTTLE" }));
    expect(got.length).toBe(50);
    expect(filterEntries(entries, q({ q: "beach studio" }))).toEqual([]);
  });

  it("keeps a date range, whole UTC days inclusive", () => {
    const got = filterEntries(entries, q({ from: "2025-03-03", to: "2025-03-04" }));
    expect(got.length).toBeGreaterThan(0);
    expect(new Set(got.map((e) => e.view.date_modification.slice(0, 10)))).toEqual(new Set(["2025-03-03", "2025-03-04"]));
  });

  it("combines filters", () => {
    const got = filterEntries(entries, q({ q: "mug", aspect_ratio: "1:1", product_id: "mug", sort: "oldest" }));
    expect(got.length).toBeGreaterThan(0);
    for (const e of got) expect(e.view).toMatchObject({ product_id: "mug", aspect_ratio: "1:1" });
  });
});
