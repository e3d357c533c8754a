import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProduct, createReadyProduct, startTestService, type TestService } from "@/local-service/test-support";
import { createUser } from "@/lib/auth/users";
import { setDbForTests, type Db } from "@/lib/db/client";
import type { SessionUser } from "@/lib/types";
import { getProductRecord, markLoraReady, markLoraStarted, recordProduct } from "@/lib/db/products";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { LORA_TIMING } from "@/lib/lora/estimate";
import { productQuerySchema } from "@/lib/schemas/product-query";
import { clearServiceCache } from "@/lib/service/coalesce";
import { pointServiceAt } from "@/lib/service/testing/fault-server";
import { listProductPage } from "./product-list";
import { createShot } from "@/lib/campaigns/batch";
import { startLora } from "./products";

// The product list against the local service over real HTTP and a real (in-memory) registry:
// which products it asks the service about, counted by the service itself.

const MIN = 60_000;
let svc: TestService;
let db: Db;
let env: ReturnType<typeof useTestEnv>;

async function control(method: string, route: string, body?: unknown): Promise<{ calls?: Record<string, number> }> {
  const res = await fetch(`${svc.controlUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${svc.tokens.full[0]}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${route}: ${res.status}`);
  return res.json();
}

/** GET /product/{id} calls the service received since the last reset. */
async function productReads(): Promise<number> {
  const { calls = {} } = await control("GET", "/calls");
  return Object.entries(calls)
    .filter(([key]) => /^GET \/api\/v1\/product\/[^/]+$/.test(key))
    .reduce((sum, [, n]) => sum + n, 0);
}

const page = (raw: Record<string, string> = {}, now?: number) => listProductPage(productQuerySchema.parse(raw), now);
const record = (id: string, name: string) =>
  recordProduct({ id, name, templateId: "1", textureKeys: ["label"], createdBy: null });

/** A real account: starting a training is watched and audited in its name. */
let someone: SessionUser | null = null;
async function person(): Promise<SessionUser> {
  if (!someone) {
    const made = await createUser({ email: "trainer@studio.test", password: "trainer-password-long", role: "editor" });
    someone = { id: made.id, email: made.email, role: made.role };
  }
  return someone;
}

beforeAll(async () => {
  env = useTestEnv();
  db = await useMemoryDb();
  svc = await startTestService({ loraMs: 200 });
  pointServiceAt(svc.baseUrl, svc.assetUrl, 5_000, svc.tokens.full[0]);
});
afterAll(async () => {
  setDbForTests(null);
  await db.close();
  await svc.dispose();
  env.cleanup();
});
beforeEach(async () => {
  await db.query("DELETE FROM products");
  await control("DELETE", "/calls");
});

describe("the product list and the service", () => {
  it("asks about a training once, records it ready, then draws pages of ready products with no service call", async () => {
    const ids = [await createReadyProduct(svc), await createReadyProduct(svc), await createReadyProduct(svc)];
    for (const [n, id] of ids.entries()) {
      await record(id, `Bottle ${n}`);
      await markLoraStarted(id, new Date(Date.now() - 5 * MIN));
    }
    await control("DELETE", "/calls");
    const first = await page();
    expect(first.items.map((p) => p.lora_enabled)).toEqual([1, 1, 1]);
    expect(await productReads()).toBe(3);
    expect((await getProductRecord(ids[0]))?.loraReadyAt).not.toBeNull();

    await control("DELETE", "/calls");
    for (const offset of [0, MIN, 60 * MIN, 24 * 60 * MIN]) await page({}, Date.now() + offset);
    await page({ lora: "ready" });
    await page({ sort: "name", q: "bottle" });
    expect(await productReads()).toBe(0);
  });

  it("never asks about products whose training was not started", async () => {
    await record(await createProduct(svc), "Fresh mug");
    await control("DELETE", "/calls");
    expect((await page()).items[0]).toMatchObject({ name: "Fresh mug", lora_enabled: 0, lora_started_at: null });
    expect(await productReads()).toBe(0);
  });

  it("stops asking about a stuck training at the give-up time, and asks once for many viewers at once", async () => {
    await control("POST", "/stall", { kind: "lora", count: 1 });
    const id = await createProduct(svc);
    await record(id, "Stuck lamp");
    await startLora(id, await person());
    const started = Date.parse((await getProductRecord(id))!.loraStartedAt!);
    await control("DELETE", "/calls");

    // Five viewers at the same moment: one claims the check, the others use the record.
    await Promise.all(Array.from({ length: 5 }, () => page({}, started + 1_000)));
    expect(await productReads()).toBe(1);

    // A viewer every 5 minutes for 6 hours: asked each time until the give-up time, never after.
    await control("DELETE", "/calls");
    const asked: number[] = [];
    for (let t = 5 * MIN; t <= 6 * 60 * MIN; t += 5 * MIN) {
      // The service client keeps an answer for a second of real time; this loop runs faster than that.
      clearServiceCache();
      const before = await productReads();
      const view = await page({}, started + t);
      expect(view.items[0].lora_enabled).toBe(0);
      if ((await productReads()) > before) asked.push(t);
    }
    expect(asked.length).toBe(LORA_TIMING.giveUpAfterMs / (5 * MIN) - 1);
    expect(Math.max(...asked)).toBeLessThan(LORA_TIMING.giveUpAfterMs);
    expect(await productReads()).toBe(asked.length);
  });

  it("a prediction refused for want of a LoRA flips the record back to not ready", async () => {
    const id = await createReadyProduct(svc);
    await record(id, "Lost bottle");
    await markLoraReady(id);
    await control("DELETE", `/lora/${id}`);
    const user = { id: "nobody", email: "a@b.co", role: "editor" as const };
    await expect(createShot({ product_id: id, prompt: "on a beach", aspect_ratio: "1:1" }, user)).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    const after = await getProductRecord(id);
    expect(after).toMatchObject({ loraReadyAt: null, loraStartedAt: null });
    expect(after?.loraLostAt).not.toBeNull();
    expect((await page({ lora: "ready" })).total).toBe(0);
    expect((await page({ lora: "not_started" })).items[0]).toMatchObject({ id, lora_enabled: 0 });
  });
});
