import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { batchPredictionSchema } from "@/lib/schemas/batch";
import type { PredictionView, SessionUser } from "@/lib/types";
import { batchStatus, runBatch, stopsBatch } from "./batch";

const user: SessionUser = { id: "u1", email: "e@example.com", role: "editor" };
const view = (ratio: string, n: number) => ({ id: `p${n}`, aspect_ratio: ratio }) as unknown as PredictionView;

// A real in-memory registry: each batch leaves its line in the activity log.
let db: Db;
let env: ReturnType<typeof useTestEnv>;
beforeAll(async () => {
  env = useTestEnv();
  db = await useMemoryDb();
  await db.query("INSERT INTO users (id, email, role, password_hash) VALUES ('u1', 'e@example.com', 'editor', 'x')");
});
afterAll(async () => {
  setDbForTests(null);
  await db.close();
  env.cleanup();
});

describe("runBatch", () => {
  it("sends each prediction once, in order, and answers every item", async () => {
    let n = 0;
    const create = vi.fn(async (input: { aspect_ratio: string }) => view(input.aspect_ratio, ++n));
    const plan = batchPredictionSchema.parse({ product_id: "a", prompt: "x", aspect_ratios: ["1:1", "16:9"] });
    const result = await runBatch(plan, user, create as never);
    expect(create).toHaveBeenCalledTimes(2);
    expect(result.items.map((i) => [i.aspect_ratio, i.ok])).toEqual([["1:1", true], ["16:9", true]]);
    expect(batchStatus(result)).toBe(200);
    const [line] = await db.query<{ actor_id: string; product_id: string; detail: unknown }>(
      "SELECT actor_id, product_id, detail FROM audit_events WHERE action = 'batch.created' ORDER BY id DESC LIMIT 1",
    );
    expect(line).toEqual({ actor_id: "u1", product_id: "a", detail: { asked: 2, created: 2, variations: false } });
  });

  it("goes on after a per-item 400, stops after a failure the rest would share", async () => {
    const create = vi
      .fn()
      .mockRejectedValueOnce(new AppError("bad_request", "odd prompt"))
      .mockResolvedValueOnce(view("1:1", 2))
      .mockRejectedValueOnce(new AppError("forbidden", "Product does not have LoRA enabled. Generate LoRA first.", { fromService: true }));
    const plan = batchPredictionSchema.parse({ product_id: "a", prompt: "x", aspect_ratio: "1:1", variations: 5 });
    const result = await runBatch(plan, user, create as never);
    expect(create).toHaveBeenCalledTimes(3);
    expect(result.items.map((i) => [i.variation, i.ok, i.sent, i.ok ? null : i.error.error])).toEqual([
      [1, false, true, "Bad Request"],
      [2, true, true, null],
      [3, false, true, "Forbidden"],
      [4, false, false, "Not Sent"],
      [5, false, false, "Not Sent"],
    ]);
    expect(batchStatus(result)).toBe(207);
  });

  it("an unexpected error is reported generically, not echoed, and stops the batch", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const create = vi.fn().mockRejectedValue(new Error("secret internals"));
    const plan = batchPredictionSchema.parse({ product_id: "a", prompt: "x", aspect_ratios: ["1:1", "3:2"] });
    const result = await runBatch(plan, user, create as never);
    spy.mockRestore();
    expect(JSON.stringify(result)).not.toContain("secret internals");
    expect(result.items.map((i) => i.sent)).toEqual([true, false]);
  });

  it("knows which statuses stop a batch", () => {
    expect([400, 401, 403, 404, 409, 429, 502, 504].map(stopsBatch)).toEqual([false, true, true, true, false, true, true, true]);
  });
});

describe("batchPredictionSchema", () => {
  it("accepts either shape and refuses mixes, repeats and out-of-range counts", () => {
    expect(batchPredictionSchema.parse({ product_id: " a ", prompt: " x ", aspect_ratio: "4:5", variations: 3 })).toEqual({
      product_id: "a",
      prompt: "x",
      ratios: ["4:5", "4:5", "4:5"],
      variations: true,
    });
    for (const bad of [
      { product_id: "a", prompt: "x", aspect_ratios: ["1:1"], variations: 2 },
      { product_id: "a", prompt: "x", aspect_ratios: ["1:1", "1:1"] },
      { product_id: "a", prompt: "x", aspect_ratios: ["1:1", "2:1"] },
      { product_id: "a", prompt: "x", aspect_ratio: "1:1", variations: 9 },
      { product_id: "a", prompt: "x" },
      null,
    ]) {
      expect(batchPredictionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
