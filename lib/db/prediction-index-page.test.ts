import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryQuerySchema, type GalleryQuery } from "@/lib/schemas/gallery-query";
import type { AspectRatio, PredictionView } from "@/lib/types";
import { setDbForTests, type Db } from "./client";
import { changedItems, indexViewsByIds, upsertIndexRows, type IndexInput } from "./prediction-index";
import { indexPage, type IndexKey } from "./prediction-index-page";
import { recordReview } from "./reviews";
import { useMemoryDb, useTestEnv } from "./testing";

const RATIOS: AspectRatio[] = ["16:9", "1:1", "9:16"];

function item(i: number, extra: Partial<IndexInput> = {}): IndexInput {
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
    ...extra,
  };
}

const q = (raw: Record<string, string> = {}): GalleryQuery => galleryQuerySchema.parse(raw);
const timeOf = (v: PredictionView) =>
  v.created_at ? Date.parse(v.created_at) : Date.parse(`${v.date_modification.replace(" ", "T")}Z`);

async function allPages(query: GalleryQuery, limit = 17): Promise<PredictionView[]> {
  const seen: PredictionView[] = [];
  let after: IndexKey | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await indexPage(query, { sort: query.sort, limit, after });
    seen.push(...page.items);
    if (!page.last) return seen;
    after = page.last;
  }
  throw new Error("no end");
}

describe("the gallery's index in the database", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  // The index never loses a prediction; a test that takes one out keeps the kept count right.
  const forget = async (id: string) => {
    await db.query("DELETE FROM prediction_index WHERE id = $1", [id]);
    await db.query("UPDATE prediction_index_state SET row_count = row_count - 1");
  };
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    expect(await upsertIndexRows(Array.from({ length: 250 }, (_, i) => item(i)))).toBe(250);
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("visits every row exactly once, in order, for both sorts", async () => {
    for (const sort of ["newest", "oldest"] as const) {
      const seen = await allPages(q({ sort }));
      expect(seen).toHaveLength(250);
      expect(new Set(seen.map((v) => v.id)).size).toBe(250);
      const times = seen.map(timeOf);
      expect(times).toEqual([...times].sort((a, b) => (sort === "newest" ? b - a : a - b)));
    }
  });

  it("neither repeats nor skips when new predictions arrive between pages", async () => {
    const first = await indexPage(q(), { sort: "newest", limit: 50, after: null });
    await upsertIndexRows([item(999, { created_at: "2030-01-01T00:00:00.000Z" })]);
    const rest: PredictionView[] = [];
    let after = first.last;
    while (after) {
      const page = await indexPage(q(), { sort: "newest", limit: 50, after });
      rest.push(...page.items);
      after = page.last;
    }
    const ids = [...first.items, ...rest].map((v) => v.id);
    expect(ids).toHaveLength(250);
    expect(ids).not.toContain("p0999");
    expect((await indexPage(q(), { sort: "newest", limit: 1, after: null })).items[0].id).toBe("p0999");
    await forget("p0999");
  });

  it("keeps the unfiltered total with every insert, not per page", async () => {
    expect((await indexPage(q(), { sort: "newest", limit: 1, after: null })).total).toBe(250);
    await upsertIndexRows([item(250), item(1)]);
    expect((await indexPage(q(), { sort: "newest", limit: 1, after: null })).total).toBe(251);
    await forget("p0250");
  });

  it("passes on only what is new or changed when the list is read again", async () => {
    const again = [item(1), item(2, { images: [] }), item(2, { date_modification: "2026-01-01 00:00:00" }), item(777)];
    expect((await changedItems(again)).map((p) => p.id)).toEqual(["p0002", "p0002", "p0777"]);
  });

  it("counts everything that matches, not only the page", async () => {
    const page = await indexPage(q({ product_id: "bottle" }), { sort: "newest", limit: 10, after: null });
    expect(page.items).toHaveLength(10);
    expect(page.total).toBe(125);
    expect(page.items.every((v) => v.product_id === "bottle")).toBe(true);
  });

  it("filters by several aspect ratios; an unknown ratio matches none", async () => {
    const got = await allPages(q({ aspect_ratio: "16:9,9:16" }), 200);
    const expected = Array.from({ length: 250 }, (_, i) => item(i)).filter(
      (p) => p.aspect_ratio === "16:9" || p.aspect_ratio === "9:16",
    );
    expect(got.map((v) => v.id).sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it("searches prompts for every word, in any case", async () => {
    expect((await indexPage(q({ q: "beach BOTTLE" }), { sort: "newest", limit: 200, after: null })).total).toBe(50);
    expect((await indexPage(q({ q: "beach studio" }), { sort: "newest", limit: 200, after: null })).total).toBe(0);
  });

  it("keeps a date range, whole UTC days inclusive", async () => {
    const got = await allPages(q({ from: "2025-03-03", to: "2025-03-04" }), 200);
    expect(got.length).toBeGreaterThan(0);
    expect(new Set(got.map((v) => v.date_modification.slice(0, 10)))).toEqual(new Set(["2025-03-03", "2025-03-04"]));
  });

  it("filters by review state", async () => {
    const user = { id: "nobody", email: "r@studio.test" };
    await db.query(
      "INSERT INTO users (id, email, role, password_hash) VALUES ('nobody', 'r@studio.test', 'reviewer', 'x')",
    );
    await recordReview({ predictionId: "p0001", imageIndex: 0, action: "approve", user });
    await recordReview({ predictionId: "p0003", imageIndex: 0, action: "reject", user });
    await recordReview({ predictionId: "p0005", imageIndex: 0, action: "star", user });
    const ids = async (review: string) => (await allPages(q({ review, product_id: "bottle" }), 200)).map((v) => v.id);
    expect(await ids("approved")).toEqual(["p0001"]);
    expect(await ids("rejected")).toEqual(["p0003"]);
    expect(await ids("starred")).toEqual(["p0005"]);
    const unreviewed = await ids("unreviewed");
    expect(unreviewed).toHaveLength(123);
    expect(unreviewed).toContain("p0005");
  });

  it("keeps the app's creation time, ratio and prompt when the service's list item lacks them", async () => {
    await upsertIndexRows([
      item(300, { created_at: "2031-01-01T00:00:00.000Z", aspect_ratio: "5:4", prompt: "as asked" }),
    ]);
    // The list item: no ratio, a later date_modification, images arrived.
    expect(
      await upsertIndexRows([
        item(300, {
          aspect_ratio: null,
          prompt: "as listed",
          date_modification: "2031-01-01 00:01:00",
          images: ["http://assets.test/a.jpg", "http://assets.test/b.jpg"],
        }),
      ]),
    ).toBe(1);
    const view = (await indexViewsByIds(["p0300"])).get("p0300")!;
    expect(view).toMatchObject({
      aspect_ratio: "5:4",
      prompt: "as asked",
      created_at: "2031-01-01T00:00:00.000Z",
      status: "succeeded",
    });
    expect(view.images).toHaveLength(2);
    // The same item again changes nothing, so it is not written.
    expect(
      await upsertIndexRows([
        item(300, {
          aspect_ratio: null,
          prompt: "as listed",
          date_modification: "2031-01-01 00:01:00",
          images: ["http://assets.test/a.jpg", "http://assets.test/b.jpg"],
        }),
      ]),
    ).toBe(0);
    await forget("p0300");
  });

  it("takes the creation time from the registry for a prediction this app made", async () => {
    await db.query(
      "INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_at) VALUES ('p0400', 'mug', 'registry prompt', '2:3', '2032-02-02T00:00:00Z')",
    );
    await upsertIndexRows([item(400, { aspect_ratio: null })]);
    const view = (await indexViewsByIds(["p0400", "unknown"])).get("p0400")!;
    expect(view).toMatchObject({
      aspect_ratio: "2:3",
      prompt: "registry prompt",
      created_at: "2032-02-02T00:00:00.000Z",
    });
    expect((await indexPage(q(), { sort: "newest", limit: 1, after: null })).items[0].id).toBe("p0400");
    await forget("p0400");
  });
});
