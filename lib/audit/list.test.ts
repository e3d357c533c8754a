import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { setDbForTests } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { parseAuditQuery } from "@/lib/schemas/audit-query";
import { listAuditEvents } from "./list";
import { recordAudit } from "./record";

describe("listAuditEvents", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  const alice = { id: "u-alice", email: "alice@studio.test" };
  const bob = { id: "u-bob", email: "bob@studio.test" };
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    for (const u of [alice, bob]) {
      await db.query(`INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, 'editor', 'x')`, [
        u.id,
        u.email,
      ]);
    }
    await db.query(`INSERT INTO products (id, name, template_id) VALUES ('prd-1', 'Amber Bottle', '3')`);
    await db.query(
      `INSERT INTO predictions (id, product_id, prompt, aspect_ratio) VALUES ('pre-1', 'prd-1', 'on marble', '1:1')`,
    );
    await recordAudit({ actor: alice, action: "product.created", productId: "prd-1" });
    await recordAudit({ actor: alice, action: "prediction.created", productId: "prd-1", predictionId: "pre-1" });
    await recordAudit({
      actor: bob,
      action: "review.recorded",
      productId: "prd-1",
      predictionId: "pre-1",
      detail: { review: "approve", image: 0 },
    });
    await recordAudit({ actor: bob, action: "product.created", productId: "prd-unknown" });
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("pages newest first by keyset, naming products and predictions", async () => {
    const first = await listAuditEvents(parseAuditQuery(new URLSearchParams("limit=3")));
    expect(first.items.map((l) => l.action)).toEqual(["product.created", "review.recorded", "prediction.created"]);
    expect(first.items[0].product).toEqual({ id: "prd-unknown", name: null });
    expect(first.items[1]).toMatchObject({
      actor: { id: bob.id, email: bob.email },
      words: "reviewed",
      product: { id: "prd-1", name: "Amber Bottle" },
      prediction: { id: "pre-1", prompt: "on marble" },
      detail: { review: "approve", image: 0 },
    });
    expect(first.next_cursor).toBe(first.items[2].id);
    const second = await listAuditEvents(parseAuditQuery(new URLSearchParams(`limit=3&cursor=${first.next_cursor}`)));
    expect(second.items.map((l) => l.action)).toEqual(["product.created"]);
    expect(second.next_cursor).toBeNull();
  });

  it("filters by person and by action", async () => {
    const bobs = await listAuditEvents(parseAuditQuery(new URLSearchParams(`actor=${bob.id}`)));
    expect(bobs.items.every((l) => l.actor.email === bob.email)).toBe(true);
    expect(bobs.items).toHaveLength(2);
    const made = await listAuditEvents(
      parseAuditQuery(new URLSearchParams(`actor=${alice.id}&action=product.created`)),
    );
    expect(made.items.map((l) => l.product?.name)).toEqual(["Amber Bottle"]);
  });

  it("refuses a limit over 100, a bad cursor and an unknown action", () => {
    expect(parseAuditQuery(new URLSearchParams("limit=100")).limit).toBe(100);
    for (const bad of ["limit=101", "limit=0", "cursor=abc", "action=deleted.everything"]) {
      expect(() => parseAuditQuery(new URLSearchParams(bad)), bad).toThrow();
    }
  });
});
