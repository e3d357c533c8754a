import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMemoryDb } from "@/lib/db/testing";
import type { Db } from "@/lib/db/client";
import { recordAudit } from "./record";

describe("recordAudit", () => {
  let db: Db;
  beforeAll(async () => {
    db = await useMemoryDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it("keeps who did what to which product, with the client address", async () => {
    await recordAudit({
      actor: null,
      actorEmail: "someone@studio.test",
      action: "sign_in.failed",
      ip: "203.0.113.9",
    });
    await recordAudit({ actor: null, action: "product.created", productId: "prd_1", detail: { name: "Mug" } });
    const rows = await db.query<{
      action: string;
      actor_email: string;
      ip: string | null;
      product_id: string | null;
      detail: unknown;
    }>("SELECT action, actor_email, ip, product_id, detail FROM audit_events ORDER BY id");
    expect(rows).toEqual([
      { action: "sign_in.failed", actor_email: "someone@studio.test", ip: "203.0.113.9", product_id: null, detail: {} },
      { action: "product.created", actor_email: "", ip: null, product_id: "prd_1", detail: { name: "Mug" } },
    ]);
  });
});
