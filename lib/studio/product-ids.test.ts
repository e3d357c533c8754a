import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { markLoraReady, recordProduct } from "@/lib/db/products";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { productQuerySchema } from "@/lib/schemas/product-query";
import { campaignProductChoices, listProductIds } from "./product-ids";

// "Select all matching this filter": the ids of every match (the list's own filter SQL and
// order), capped at what a campaign holds, with words when capped.

const filters = (raw: Record<string, string>) => {
  const { q, template_id, lora, sort } = productQuerySchema.parse(raw);
  return { q, template_id, lora, sort };
};

describe("the ids of the products a filter matches", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    // 12 products a minute apart; every third is a mug (template 7), the rest bottles (template 1).
    for (let i = 0; i < 12; i++) {
      await recordProduct({
        id: `p${String(i).padStart(2, "0")}`,
        name: i % 3 === 0 ? `Team mug ${i}` : `Lemon bottle ${i}`,
        templateId: i % 3 === 0 ? "7" : "1",
        textureKeys: ["label"],
        createdBy: null,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      });
    }
    await markLoraReady("p03");
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("answers every match in the list's order, not only a page", async () => {
    const all = await listProductIds(filters({}));
    expect(all).toEqual({
      ids: Array.from({ length: 12 }, (_, i) => `p${String(11 - i).padStart(2, "0")}`),
      total: 12,
      capped: false,
      message: null,
    });
    expect((await listProductIds(filters({ q: "MUG", sort: "oldest" }))).ids).toEqual(["p00", "p03", "p06", "p09"]);
    expect((await listProductIds(filters({ template_id: "1", sort: "name" }))).ids).toEqual([
      "p01",
      "p10",
      "p11",
      "p02",
      "p04",
      "p05",
      "p07",
      "p08",
    ]);
    expect(await listProductIds(filters({ q: "mug", lora: "ready" }))).toMatchObject({ ids: ["p03"], total: 1 });
    expect(await listProductIds(filters({ q: "lamp" }))).toEqual({ ids: [], total: 0, capped: false, message: null });
  });

  it("stops at the cap and says so in words", async () => {
    const capped = await listProductIds(filters({ q: "bottle" }), 3);
    expect(capped.ids).toEqual(["p11", "p10", "p08"]);
    expect(capped.total).toBe(8);
    expect(capped.capped).toBe(true);
    expect(capped.message).toBe(
      "8 products match; a campaign can hold at most 3, so the first 3 in the list's order were chosen. Narrow the filter, or make a second campaign for the rest.",
    );
  });

  it("names chosen products in the order asked, once each, and keeps ids the registry does not know", async () => {
    expect(await campaignProductChoices(["p03", "p01", "p03", "elsewhere"])).toEqual([
      { id: "p03", name: "Team mug 3", template_id: "7", ready: true },
      { id: "p01", name: "Lemon bottle 1", template_id: "1", ready: false },
      { id: "elsewhere", name: "Product made outside this app", template_id: null, ready: false },
    ]);
  });
});
