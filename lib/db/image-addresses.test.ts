import { describe, expect, it } from "vitest";
import { mendImageAddresses } from "./image-addresses";
import { changedItems, indexHasImage, indexViewsByIds, upsertIndexRows } from "./prediction-index";
import { getProductRecord } from "./products";
import { testDatabase } from "./testing";

// Rows from before images were kept by asset key hold the address each image was first served
// from. Today the assets live elsewhere (a new port, a new CDN host): start-up mends the rows, and
// every read hands out today's address.

const t = testDatabase({ PVS_ASSET_URL: "https://cdn.new.example/pvs" });
const OLD = "http://127.0.0.1:4011/pvs";
const NEW = "https://cdn.new.example/pvs";

async function oldRow(id: string, images: string[]): Promise<void> {
  await t.db.query(
    `INSERT INTO prediction_index (id, product_id, prompt, images, image_count, date_modification, sort_ms, updated_at)
     VALUES ($1, 'p1', 'on a shelf', $2::jsonb, $3, '2025-01-01 00:00:00', 1, '2025-01-01T00:00:05Z')`,
    [id, JSON.stringify(images), images.length],
  );
}

const stored = async (id: string) =>
  (await t.db.query<{ images: string[] }>("SELECT images FROM prediction_index WHERE id = $1", [id]))[0].images;

describe("image addresses from an earlier asset origin", () => {
  it("become asset keys at start-up, read back on today's origin, and a second start changes nothing", async () => {
    await oldRow("a", [`${OLD}/images/a-0.png`, `${OLD}/images/a-1.png?v=2`]);
    await oldRow("b", ["https://elsewhere.example/other/b-0.png"]);
    await oldRow("c", ["images/c-0.png"]);
    await t.db.query(
      `INSERT INTO products (id, name, template_id, preview_url) VALUES
         ('p1', 'Bottle', '1', '${OLD}/images/template-1-v2.png'), ('p2', 'Jar', '1', '/api/products/p2/preview')`,
    );
    const updatedBefore = (
      await t.db.query<{ updated_at: Date }>("SELECT updated_at FROM prediction_index WHERE id = 'a'")
    )[0].updated_at;

    expect(await mendImageAddresses(t.db)).toEqual({ predictions: 1, products: 1, left: 1 });
    expect(await stored("a")).toEqual(["images/a-0.png", "images/a-1.png?v=2"]);
    // Off today's asset path: left for the service's list to renew.
    expect(await stored("b")).toEqual(["https://elsewhere.example/other/b-0.png"]);
    expect(await stored("c")).toEqual(["images/c-0.png"]);
    // When the images arrived is not rewritten.
    expect(
      (await t.db.query<{ updated_at: Date }>("SELECT updated_at FROM prediction_index WHERE id = 'a'"))[0].updated_at,
    ).toEqual(updatedBefore);
    const products = await t.db.query<{ id: string; preview_url: string }>(
      "SELECT id, preview_url FROM products ORDER BY id",
    );
    expect(products).toEqual([
      { id: "p1", preview_url: "images/template-1-v2.png" },
      { id: "p2", preview_url: "/api/products/p2/preview" },
    ]);

    const views = await indexViewsByIds(["a", "c"]);
    expect(views.get("a")!.images).toEqual([`${NEW}/images/a-0.png`, `${NEW}/images/a-1.png?v=2`]);
    expect(views.get("c")!.images).toEqual([`${NEW}/images/c-0.png`]);
    expect((await getProductRecord("p1"))?.previewUrl).toBe(`${NEW}/images/template-1-v2.png`);
    expect((await getProductRecord("p2"))?.previewUrl).toBe("/api/products/p2/preview");

    // Known by today's address only: the old origin is never one the app fetches from.
    expect(await indexHasImage(`${NEW}/images/a-0.png`)).toBe(true);
    expect(await indexHasImage(`${NEW}/images/a-1.png?v=2`)).toBe(true);
    expect(await indexHasImage(`${NEW}/images/a-1.png`)).toBe(false);
    expect(await indexHasImage(`${OLD}/images/a-0.png`)).toBe(false);

    expect(await mendImageAddresses(t.db)).toEqual({ predictions: 0, products: 0, left: 1 });
  });

  it("keeps new images by key, and a list read on the new origin renews only what truly changed", async () => {
    const item = (id: string, images: string[]) => ({
      id,
      product_id: "p1",
      prompt: "on a shelf",
      aspect_ratio: null,
      status: "succeeded" as const,
      images,
      date_modification: "2025-01-01 00:00:00",
    });
    await upsertIndexRows([item("d", [`${NEW}/images/d-0.png`])]);
    expect(await stored("d")).toEqual(["images/d-0.png"]);
    // The service's list after the move: the same images, the row left behind renewed.
    const listed = [
      item("a", [`${NEW}/images/a-0.png`, `${NEW}/images/a-1.png?v=2`]),
      item("b", [`${NEW}/other/b-0.png`]),
      item("d", [`${NEW}/images/d-0.png`]),
    ];
    const changed = await changedItems(listed);
    expect(changed.map((p) => p.id)).toEqual(["b"]);
    await upsertIndexRows(changed);
    expect(await stored("b")).toEqual(["other/b-0.png"]);
  });
});
