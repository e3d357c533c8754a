// The gallery at scale: paged and filtered prediction list from the server's shared index.
import { beforeAll, describe, expect, it } from "vitest";
import type { PredictionView } from "@/lib/types";
import { allPredictions, api, control, loraReadyProduct, signIn, until } from "./client";

// The API's own answer type: a field it renames or drops fails the type check here too.
type View = PredictionView;

interface Page {
  items: (View & { review?: { status: string | null; starred: boolean } })[];
  next_cursor: string | null;
  total: number;
  images?: number;
}

let cookie: string;
let product: { id: string };
const mine: Record<"marble" | "snow" | "dusk", View> = {} as never;

const page = async (query: string): Promise<Page> => {
  const response = await api(`/api/predictions?${query}`, { cookie });
  expect(response.status).toBe(200);
  return response.json();
};

async function everyPage(query: string): Promise<View[]> {
  const items: View[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
    items.push(...next.items);
    cursor = next.next_cursor;
  } while (cursor);
  return items;
}

const create = async (prompt: string, aspect_ratio: string): Promise<View> =>
  (await api("/api/predictions", { cookie, json: { product_id: product.id, prompt, aspect_ratio } })).json();

beforeAll(async () => {
  cookie = await signIn();
  product = await loraReadyProduct(cookie, "Gallery lamp");
  await control("/seed", { json: { count: 300 } });
  // The index exists before the creates below, so they must reach it by patching, not by a load.
  await page("limit=1");
  mine.marble = await create("Zebra lamp on white marble", "16:9");
  mine.snow = await create("zebra LAMP in deep snow", "1:1");
  mine.dusk = await create("Quokka lamp at dusk", "9:16");
  // The seeded ones were made "elsewhere": they arrive with the next reconcile of the index.
  await until(async () => (await page("limit=1")).total >= 303, "the index to hold the seeded predictions");
}, 90_000);

describe("paged list", () => {
  it("shows a prediction the app just created on the first page at once", async () => {
    const fresh = await create("Okapi lamp just now", "4:5");
    const first = await page("limit=5");
    expect(first.items[0].id).toBe(fresh.id);
  });

  it("covers every prediction exactly once across pages, in both orders", async () => {
    const all = await allPredictions<View>(cookie);
    const newest = await everyPage("limit=47");
    expect(newest.length).toBe(all.length);
    expect(new Set(newest.map((v) => v.id))).toEqual(new Set(all.map((v) => v.id)));
    const oldest = await everyPage("limit=200&sort=oldest");
    expect(oldest.map((v) => v.id)).toEqual(newest.map((v) => v.id).reverse());
  });

  it("answers limit 60 by default and a total of everything that matches", async () => {
    const first = await page("sort=newest");
    expect(first.items).toHaveLength(60);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.total).toBeGreaterThanOrEqual(303);
  });

  it("answers a page without paging keys too: one shape for the route", async () => {
    const response = await api("/api/predictions", { cookie });
    const body = await response.json();
    expect(body).toEqual({
      items: expect.any(Array),
      next_cursor: expect.any(String),
      total: expect.any(Number),
      images: expect.any(Number),
    });
    expect(body.items).toHaveLength(60);
  });
});

describe("filters", () => {
  it("by product", async () => {
    const got = await everyPage(`limit=10&product_id=${product.id}`);
    expect(got.every((v) => v.product_id === product.id)).toBe(true);
    expect(got.map((v) => v.id)).toEqual(expect.arrayContaining([mine.marble.id, mine.snow.id, mine.dusk.id]));
  });

  it("by prompt words, in any case and order", async () => {
    const zebra = await page(`limit=200&q=${encodeURIComponent("lamp ZEBRA")}`);
    expect(zebra.items.map((v) => v.id).sort()).toEqual([mine.marble.id, mine.snow.id].sort());
    const snow = await page(`limit=200&q=${encodeURIComponent("zebra snow")}`);
    expect(snow.items.map((v) => v.id)).toEqual([mine.snow.id]);
    expect(snow.total).toBe(1);
  });

  it("counts the images of the whole view on its first page (a shot holds 1 to 4)", async () => {
    await until(
      async () => (await page(`limit=200&product_id=${product.id}`)).items.every((v) => v.images.length > 0),
      "images",
    );
    const first = await page(`limit=2&product_id=${product.id}`);
    const every = await everyPage(`limit=200&product_id=${product.id}`);
    expect(first.images).toBe(every.reduce((n, v) => n + v.images.length, 0));
    expect(first.images).toBeGreaterThanOrEqual(first.total);
    expect((await page(`limit=2&product_id=${product.id}&cursor=${first.next_cursor}`)).images).toBeUndefined();
    const all = await page("limit=1");
    expect(all.images).toBeGreaterThanOrEqual(all.total);
  });

  it("by one or several aspect ratios", async () => {
    const two = await page(`limit=200&product_id=${product.id}&aspect_ratio=${encodeURIComponent("16:9,9:16")}`);
    expect(two.items.map((v) => v.id).sort()).toEqual([mine.marble.id, mine.dusk.id].sort());
    const square = await everyPage(`limit=200&aspect_ratio=${encodeURIComponent("1:1")}`);
    expect(square.every((v) => v.aspect_ratio === "1:1")).toBe(true);
    expect(square.map((v) => v.id)).toContain(mine.snow.id);
  });

  it("by date range, in whole UTC days", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await page(`limit=10&from=${tomorrow}`)).total).toBe(0);
    expect((await page(`limit=10&to=2000-01-01`)).total).toBe(0);
    const todayMine = await page(`limit=200&product_id=${product.id}&from=${today}&to=${today}`);
    expect(todayMine.items.map((v) => v.id)).toEqual(
      expect.arrayContaining([mine.marble.id, mine.snow.id, mine.dusk.id]),
    );
    const recent = await everyPage(`limit=200&from=${monthAgo}`);
    const all = await page("limit=1");
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.total); // seeded predictions spread over 180 days
    const since = Date.parse(`${monthAgo}T00:00:00Z`);
    for (const v of recent) {
      const time = v.created_at ? Date.parse(v.created_at) : Date.parse(`${v.date_modification.replace(" ", "T")}Z`);
      expect(time).toBeGreaterThanOrEqual(since);
    }
  });

  it("by review state", async () => {
    const done = await until(async () => {
      const v: View = await (await api(`/api/predictions/${mine.marble.id}`, { cookie })).json();
      const w: View = await (await api(`/api/predictions/${mine.dusk.id}`, { cookie })).json();
      return v.images.length > 0 && w.images.length > 0;
    }, "images");
    expect(done).toBe(true);
    const review = (id: string, action: string) =>
      api(`/api/predictions/${id}/reviews`, { cookie, json: { image_index: 0, action } });
    expect((await review(mine.marble.id, "approve")).status).toBe(201);
    expect((await review(mine.dusk.id, "star")).status).toBe(201);
    const ids = async (state: string) =>
      (await page(`limit=200&product_id=${product.id}&review=${state}`)).items.map((v) => v.id);
    expect(await ids("approved")).toEqual([mine.marble.id]);
    expect(await ids("starred")).toEqual([mine.dusk.id]);
    expect(await ids("rejected")).toEqual([]);
    // A star alone does not count as reviewed.
    expect(await ids("unreviewed")).toEqual(expect.arrayContaining([mine.snow.id, mine.dusk.id]));
    expect(await ids("unreviewed")).not.toContain(mine.marble.id);
    // Each item carries its state for the card: approved, starred, or none at all.
    const items = new Map((await page(`limit=200&product_id=${product.id}`)).items.map((v) => [v.id, v.review]));
    expect(items.get(mine.marble.id)).toEqual({ status: "approved", starred: false, approved: 1, rejected: 0 });
    expect(items.get(mine.dusk.id)).toEqual({ status: null, starred: true, approved: 0, rejected: 0 });
    expect(items.get(mine.snow.id)).toBeUndefined();
  });
});

describe("bad queries", () => {
  it.each([
    ["limit=0", /limit must be a whole number from 1 to 200/],
    ["limit=500", /limit/],
    ["sort=sideways", /sort must be newest or oldest/],
    ["aspect_ratio=7:3", /aspect_ratio must be one or more of/],
    ["from=2025-13-45", /from must be a date/],
    ["from=2025-02-02&to=2025-01-01", /from must not be after to/],
    ["review=maybe", /review must be one of/],
    ["cursor=garbage", /cursor is not valid/],
  ])("%s → 400 in words", async (query, message) => {
    const response = await api(`/api/predictions?${query}`, { cookie });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Bad Request");
    expect(body.message).toMatch(message);
  });

  it("refuses a cursor of the other sort order", async () => {
    const { next_cursor } = await page("limit=2");
    const response = await api(`/api/predictions?limit=2&sort=oldest&cursor=${next_cursor}`, { cookie });
    expect(response.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await api("/api/predictions?limit=5")).status).toBe(401);
  });
});
