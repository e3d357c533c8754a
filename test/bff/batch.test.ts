import { beforeAll, describe, expect, it } from "vitest";
import { api, control, loraReadyProduct, serviceCalls, until } from "./client";
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
    expect(await badRatio.json()).toEqual({
      error: "Bad Request",
      message: "aspect_ratio must be one of: 16:9, 3:2, 5:4, 1:1, 4:5, 2:3, 9:16",
    });
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
    const response = await batch({
      product_id: product.id,
      prompt: "on a marble counter",
      aspect_ratios: ["1:1", "16:9", "9:16"],
    });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items.map((i: { aspect_ratio: string; ok: boolean }) => [i.aspect_ratio, i.ok])).toEqual([
      ["1:1", true],
      ["16:9", true],
      ["9:16", true],
    ]);
    for (const item of items)
      expect(item.prediction).toMatchObject({
        product_id: product.id,
        prompt: "on a marble counter",
        aspect_ratio: item.aspect_ratio,
        status: "processing",
      });
    expect(new Set(items.map((i: { prediction: { id: string } }) => i.prediction.id)).size).toBe(3);
    expect(await posts()).toBe(3);
  });

  it("N variations: the same prompt and ratio N times, numbered", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await batch({ product_id: product.id, prompt: "in a forest", aspect_ratio: "4:5", variations: 3 });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(
      items.map((i: { variation: number; prediction: { prompt: string; aspect_ratio: string } }) => [
        i.variation,
        i.prediction.prompt,
        i.prediction.aspect_ratio,
      ]),
    ).toEqual([
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
    expect(items[0]).toEqual({
      aspect_ratio: "1:1",
      ok: false,
      sent: true,
      error: { error: "Not Found", message: "Product with ID no-such-product does not exist" },
    });
    for (const item of items.slice(1)) {
      expect(item).toMatchObject({
        ok: false,
        sent: false,
        error: {
          error: "Not Sent",
          message: expect.stringContaining("Product with ID no-such-product does not exist"),
        },
      });
    }
    expect(await posts()).toBe(1);
  });

  it("a 429 holds the batch back until the service allows, then each is made once: nothing is reported not sent", async () => {
    await control("/calls", { method: "DELETE" });
    await control("/faults", { json: { match: "POST /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 1 } });
    const response = await batch({ product_id: product.id, prompt: "x", aspect_ratio: "1:1", variations: 2 });
    await control("/faults", { method: "DELETE" });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items.map((i: { ok: boolean; sent: boolean; variation: number }) => [i.variation, i.ok, i.sent])).toEqual([
      [1, true, true],
      [2, true, true],
    ]);
    // The refused create made nothing and was sent again once, after the service's Retry-After.
    expect(await posts()).toBe(3);
  });

  it("a service that stays busy leaves the rest queued (202): the server sends them itself, each once", async () => {
    await control("/calls", { method: "DELETE" });
    await control("/faults", {
      json: { match: "POST /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 30 },
    });
    const response = await batch({
      product_id: product.id,
      prompt: "queued behind a 429",
      aspect_ratios: ["1:1", "16:9"],
    });
    await control("/faults", { method: "DELETE" });
    expect(response.status).toBe(202);
    const { items, campaign_id } = await response.json();
    expect(items.map((i: { ok: boolean; sent: boolean; queued?: boolean }) => [i.ok, i.sent, i.queued])).toEqual([
      [true, false, true],
      [true, false, true],
    ]);
    expect(items[0].message).toMatch(/sent by itself as soon as the service allows/);
    // Followed through its campaign until both are made (after the 30 s the service asked for).
    const cells = await until(
      async () => {
        const view = await (await api(`/api/campaigns/${campaign_id}`, { cookie: who.editor })).json();
        return view.cells.every((c: { prediction_id: string | null }) => c.prediction_id) ? view.cells : null;
      },
      "the queued shots to be made",
      250,
    );
    expect(new Set(cells.map((c: { prediction_id: string }) => c.prediction_id)).size).toBe(2);
    expect(await posts()).toBe(3);
  }, 90_000);
});
