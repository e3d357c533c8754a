import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productQuerySchema } from "@/lib/schemas/product-query";
import { setDbForTests, type Db } from "./client";
import { decodeProductCursor, encodeProductCursor, queryProductPage } from "./product-page";
import { markLoraReady, markLoraStarted, recordProduct } from "./products";
import { useMemoryDb, useTestEnv } from "./testing";

const q = (raw: Record<string, string>) => productQuerySchema.parse(raw);

describe("a page of the product registry", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    // 25 products a minute apart; every third is a mug (template 7), the rest bottles (template 1).
    for (let i = 0; i < 25; i++) {
      await recordProduct({
        id: `p${String(i).padStart(2, "0")}`,
        name: i % 3 === 0 ? `Team mug ${i}` : `Lemon bottle ${i}`,
        templateId: i % 3 === 0 ? "7" : "1",
        textureKeys: ["label"],
        createdBy: null,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      });
    }
    for (const id of ["p01", "p02", "p04"]) await markLoraStarted(id);
    for (const id of ["p01", "p02"]) await markLoraReady(id);
    for (let n = 0; n < 3; n++) {
      await db.query("INSERT INTO predictions (id, product_id, prompt, aspect_ratio) VALUES ($1, 'p01', 'x', '1:1')", [
        `s${n}`,
      ]);
    }
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("walks every product newest first with keyset cursors, each exactly once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await queryProductPage(q({ ...(cursor ? { cursor } : {}) }), 10);
      expect(page.total).toBe(25);
      seen.push(...page.records.map((r) => r.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe("p24");
    expect(seen.at(-1)).toBe("p00");
    expect(new Set(seen).size).toBe(25);
  });

  it("does not repeat or skip when a product is added between two pages", async () => {
    const first = await queryProductPage(q({ sort: "oldest" }), 5);
    await recordProduct({
      id: "p99",
      name: "Late lamp",
      templateId: "1",
      textureKeys: [],
      createdBy: null,
      createdAt: "2024-06-01T00:00:00.000Z",
    });
    const second = await queryProductPage(q({ sort: "oldest", cursor: first.next_cursor! }), 5);
    expect(first.records.map((r) => r.id)).toEqual(["p00", "p01", "p02", "p03", "p04"]);
    expect(second.records.map((r) => r.id)).toEqual(["p05", "p06", "p07", "p08", "p09"]);
    await db.query("DELETE FROM products WHERE id = 'p99'");
  });

  it("sorts by name, case-insensitively, ties by id", async () => {
    const page = await queryProductPage(q({ sort: "name" }), 200);
    const names = page.records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const next = await queryProductPage(
      q({ sort: "name", cursor: (await queryProductPage(q({ sort: "name" }), 3)).next_cursor! }),
      2,
    );
    expect(next.records.map((r) => r.name)).toEqual(page.records.slice(3, 5).map((r) => r.name));
  });

  it("filters by name words, template and LoRA state; the total counts every match", async () => {
    expect((await queryProductPage(q({ q: "MUG team" }), 3)).total).toBe(9);
    expect((await queryProductPage(q({ q: "mug 1" }), 50)).records.map((r) => r.name)).toEqual([
      "Team mug 21",
      "Team mug 18",
      "Team mug 15",
      "Team mug 12",
    ]);
    expect((await queryProductPage(q({ template_id: "7" }), 50)).total).toBe(9);
    expect((await queryProductPage(q({ lora: "ready" }), 50)).records.map((r) => r.id)).toEqual(["p02", "p01"]);
    expect((await queryProductPage(q({ lora: "training" }), 50)).records.map((r) => r.id)).toEqual(["p04"]);
    expect((await queryProductPage(q({ lora: "not_started" }), 50)).total).toBe(22);
    expect((await queryProductPage(q({ q: "100%_" }), 50)).total).toBe(0);
  });

  it("counts each product's shots and answers the total with an empty page", async () => {
    const page = await queryProductPage(q({ lora: "ready" }), 50);
    expect(page.records.map((r) => [r.id, r.shots])).toEqual([
      ["p02", 0],
      ["p01", 3],
    ]);
    const none = await queryProductPage(q({ q: "nothing like this" }), 10);
    expect(none).toEqual({ records: [], next_cursor: null, total: 0 });
  });

  it("refuses a mangled cursor or one of another sort order", async () => {
    const first = await queryProductPage(q({}), 5);
    await expect(queryProductPage(q({ sort: "name", cursor: first.next_cursor! }), 5)).rejects.toThrow(
      /another sort order/,
    );
    await expect(queryProductPage(q({ cursor: "not-a-cursor" }), 5)).rejects.toThrow(/cursor is not valid/);
    const tampered = encodeProductCursor({ s: "newest", k: "yesterday", id: "p01" });
    await expect(queryProductPage(q({ cursor: tampered }), 5)).rejects.toThrow(/cursor is not valid/);
    expect(() => decodeProductCursor(Buffer.from('{"s":"newest","k":1}').toString("base64url"), "newest")).toThrow(
      /not valid/,
    );
  });
});
