import { beforeAll, describe, expect, it } from "vitest";
import { api, control, loraReadyProduct, serviceCalls } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies;
let product: { id: string };

beforeAll(async () => {
  who = await cookiesForEveryRole("batch");
  product = await loraReadyProduct(who.editor, "Batch bottle");
}, 90_000);

const batch = (body: unknown) => api("/api/predictions/batch", { cookie: who.editor, json: body });
const posts = async () =>
  Object.entries(await serviceCalls())
    .filter(([key]) => key.startsWith("POST") && key.endsWith("/prediction/"))
    .reduce((sum, [, n]) => sum + n, 0);

describe("batch predictions", () => {
  it("refuses the whole batch before sending anything when any part is invalid", async () => {
    await control("/calls", { method: "DELETE" });
    const badRatio = await batch({ product_id: product.id, prompt: "x", aspect_ratios: ["1:1", "7:3", "16:9"] });
    expect(badRatio.status).toBe(400);
    expect(await badRatio.json()).toEqual({ error: "Bad Request", message: "aspect_ratio must be one of: 16:9, 3:2, 5:4, 1:1, 4:5, 2:3, 9:16" });
    for (const body of [
      { product_id: product.id, prompt: "x", aspect_ratios: [] },
      { product_id: product.id, prompt: "x", aspect_ratios: ["1:1", "1:1"] },
      { product_id: product.id, prompt: "x", aspect_ratio: "1:1", variations: 1 },
      { product_id: product.id, prompt: "x", aspect_ratio: "1:1", variations: 9 },
      { product_id: product.id, prompt: "x", aspect_ratios: ["1:1"], variations: 2 },
      { prompt: "x", aspect_ratios: ["1:1"] },
      { product_id: product.id, prompt: "  ", aspect_ratios: ["1:1"] },
    ]) {
      expect((await batch(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await posts()).toBe(0);
  });

  it("one prompt in several ratios: each its own prediction, sent once, 200", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await batch({ product_id: product.id, prompt: "on a marble counter", aspect_ratios: ["1:1", "16:9", "9:16"] });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items.map((i: { aspect_ratio: string; ok: boolean }) => [i.aspect_ratio, i.ok])).toEqual([["1:1", true], ["16:9", true], ["9:16", true]]);
    for (const item of items) expect(item.prediction).toMatchObject({ product_id: product.id, prompt: "on a marble counter", aspect_ratio: item.aspect_ratio, status: "processing" });
    expect(new Set(items.map((i: { prediction: { id: string } }) => i.prediction.id)).size).toBe(3);
    expect(await posts()).toBe(3);
  });

  it("N variations: the same prompt and ratio N times, numbered", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await batch({ product_id: product.id, prompt: "in a forest", aspect_ratio: "4:5", variations: 3 });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items.map((i: { variation: number; prediction: { prompt: string; aspect_ratio: string } }) => [i.variation, i.prediction.prompt, i.prediction.aspect_ratio])).toEqual([
      [1, "in a forest", "4:5"],
      [2, "in a forest", "4:5"],
      [3, "in a forest", "4:5"],
    ]);
    expect(await posts()).toBe(3);
  });

  it("an unknown product fails the first item and marks the rest not sent (207), sending one", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await batch({ product_id: "no-such-product", prompt: "x", aspect_ratios: ["1:1", "16:9", "3:2"] });
    expect(response.status).toBe(207);
    const { items } = await response.json();
    expect(items[0]).toEqual({ aspect_ratio: "1:1", ok: false, sent: true, error: { error: "Not Found", message: "Product with ID no-such-product does not exist" } });
    for (const item of items.slice(1)) {
      expect(item).toMatchObject({ ok: false, sent: false, error: { error: "Not Sent", message: expect.stringContaining("Product with ID no-such-product does not exist") } });
    }
    expect(await posts()).toBe(1);
  });

  it("a 429 on the first stops the rest; nothing is retried behind the person's back", async () => {
    await control("/calls", { method: "DELETE" });
    await control("/faults", { json: { match: "POST /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 1 } });
    const response = await batch({ product_id: product.id, prompt: "x", aspect_ratio: "1:1", variations: 2 });
    await control("/faults", { method: "DELETE" });
    expect(response.status).toBe(207);
    const { items } = await response.json();
    expect(items.map((i: { ok: boolean; sent: boolean; error?: { error: string } }) => [i.ok, i.sent, i.error?.error])).toEqual([
      [false, true, "Too Many Requests"],
      [false, false, "Not Sent"],
    ]);
    expect(await posts()).toBe(1);
  });
});
