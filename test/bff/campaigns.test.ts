import { beforeAll, describe, expect, it } from "vitest";
import { allPredictions, api, control, createProduct, until } from "./client";
import { sendChunked } from "./raw-http";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// The campaigns API against the built app and the local service: what it refuses (before
// anything is sent), who may do what, and a campaign made to the end, its shots found by the
// gallery and the review queue under its id.

let who: RoleCookies;
let trained: string;
let untrained: string;

const made = async (productId: string) => {
  const { predictions } = (await control("/predictions/made")) as {
    predictions: { product_id: string; prompt: string; aspect_ratio: string }[];
  };
  return predictions.filter((p) => p.product_id === productId);
};

beforeAll(async () => {
  who = await cookiesForEveryRole("campaigns");
  trained = (await (await createProduct(who.editor, "1", "Campaign bottle", ["label", "cap"])).json()).id;
  await control(`/lora/${trained}/finish`, { method: "POST" });
  // Read once through the app, as its page would: the registry records the LoRA as ready.
  expect((await (await api(`/api/products/${trained}`, { cookie: who.editor })).json()).lora_enabled).toBe(1);
  untrained = (await (await createProduct(who.editor, "1", "Campaign jar", ["label", "cap"])).json()).id;
}, 90_000);

const start = (body: unknown, cookie = who.editor) => api("/api/campaigns", { cookie, json: body });
const valid = () => ({
  name: "Spring launch",
  product_ids: [trained],
  prompts: ["on a marble counter"],
  aspect_ratios: ["1:1"],
});

describe("campaigns", () => {
  it("refuses what it cannot start, in words, before anything is sent", async () => {
    await control("/calls", { method: "DELETE" });
    const cases: [unknown, string][] = [
      [{ ...valid(), name: "  " }, "Name the campaign"],
      [{ ...valid(), product_ids: [] }, "Choose at least one product"],
      [{ ...valid(), product_ids: [trained, trained] }, "Each product may appear only once"],
      [{ ...valid(), prompts: [] }, "Add at least one scene"],
      [{ ...valid(), prompts: ["a", "a"] }, "Each scene may appear only once"],
      [{ ...valid(), aspect_ratios: [] }, "Choose at least one aspect ratio or channel"],
      [{ ...valid(), aspect_ratios: ["7:3"] }, "aspect_ratio must be one of: 16:9, 3:2, 5:4, 1:1, 4:5, 2:3, 9:16"],
      [{ ...valid(), channels: ["billboard"] }, "channels must be among:"],
      [{ ...valid(), variations: 5 }, "variations must be a whole number from 1 to 4"],
      [{ ...valid(), product_ids: ["../template/1"] }, "product id"],
      [
        {
          ...valid(),
          product_ids: Array.from({ length: 41 }, (_, n) => `prd_${n}`),
          prompts: Array.from({ length: 50 }, (_, n) => `scene ${n}`),
        },
        "This campaign would make 2,050 shots; a campaign can make at most 2,000.",
      ],
    ];
    for (const [body, words] of cases) {
      const answer = await start(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await answer.json();
      expect(error.error).toBe("Bad Request");
      expect(error.message).toContain(words);
    }
    const { calls } = (await control("/calls")) as { calls: Record<string, number> };
    expect(Object.keys(calls).filter((key) => key.startsWith("POST"))).toEqual([]);
  });

  it("refuses a body over its limit while it streams (413), and a reviewer or no session before reading it", async () => {
    const big = await sendChunked("/api/campaigns", {
      headers: { cookie: who.editor, "content-type": "application/json" },
      total: 64 * 1024 * 1024,
    });
    expect(big.status).toBe(413);
    // The limit is 1 MB; what the socket's buffers hold besides is a few MB at most.
    expect(big.written).toBeLessThan(8 * 1024 * 1024);
    const reviewer = await sendChunked("/api/campaigns", {
      headers: { cookie: who.reviewer, "content-type": "application/json" },
      total: 64 * 1024 * 1024,
    });
    expect(reviewer.status).toBe(403);
    expect(JSON.parse(reviewer.body).message).toBe("Your role (reviewer) does not allow this.");
    expect(reviewer.written).toBeLessThan(8 * 1024 * 1024);
    expect((await sendChunked("/api/campaigns", { total: 64 * 1024 * 1024 })).status).toBe(401);
    expect((await api(`/api/campaigns/cmp_nothing/pause`, { method: "POST", cookie: who.reviewer })).status).toBe(403);
  });

  it("estimates before starting: shots, products to train first, the time", async () => {
    const answer = await api("/api/campaigns/estimate", {
      cookie: who.editor,
      json: {
        ...valid(),
        product_ids: [trained, untrained],
        prompts: ["a", "b"],
        aspect_ratios: ["1:1"],
        channels: ["instagram-square", "web-hero"],
      },
    });
    expect(answer.status).toBe(200);
    const estimate = await answer.json();
    // 1:1 and Instagram square share their shots: 2 products × 2 scenes × 2 ratios.
    expect(estimate).toMatchObject({ total: 8, max: 2000, to_train: 1 });
    expect(estimate.eta_ms).toBeGreaterThan(0);
  });

  it("runs a campaign to the end, training first; its shots are in the gallery and the review queue under its id", async () => {
    const answer = await start({
      name: "Summer shelf",
      product_ids: [trained, untrained],
      prompts: ["on a shelf", "in a garden"],
      aspect_ratios: ["4:5"],
      channels: ["web-hero"],
    });
    expect(answer.status).toBe(201);
    const created = await answer.json();
    expect(created).toMatchObject({ name: "Summer shelf", total: 8, ready: 0 });
    expect(created.products.map((p: { name: string }) => p.name)).toEqual(["Campaign bottle", "Campaign jar"]);
    expect(created.cells).toHaveLength(8);
    const done = await until(
      async () => {
        const view = await (await api(`/api/campaigns/${created.id}`, { cookie: who.reviewer })).json();
        return view.status === "done" ? view : null;
      },
      "the campaign to finish",
      300,
    );
    expect(done).toMatchObject({ total: 8, ready: 8, failed: 0, open: 0, eta_ms: null });
    expect(done.products.map((p: { state: string }) => p.state)).toEqual(["ready", "ready"]);
    for (const product of [trained, untrained]) {
      const mine = (await made(product)).filter((p) => p.prompt === "on a shelf" || p.prompt === "in a garden");
      expect(mine).toHaveLength(4);
    }

    const inGallery = await allPredictions<{ id: string; product_id: string }>(
      who.reviewer,
      `&campaign_id=${created.id}`,
    );
    expect(inGallery.map((p) => p.id).sort()).toEqual(
      done.cells.map((c: { prediction_id: string }) => c.prediction_id).sort(),
    );
    const queue = await (
      await api(`/api/reviews/queue?limit=200&campaign_id=${created.id}`, { cookie: who.reviewer })
    ).json();
    const images = done.cells.reduce((n: number, c: { images: number }) => n + c.images, 0);
    expect(queue.total).toBe(images);
    expect(new Set(queue.items.map((i: { prediction: { id: string } }) => i.prediction.id))).toEqual(
      new Set(inGallery.map((p) => p.id)),
    );

    const list = await (await api("/api/campaigns?limit=5", { cookie: who.reviewer })).json();
    expect(list.items[0]).toMatchObject({ id: created.id, status: "done", ready: 8 });
  }, 120_000);

  it("says what it cannot do: an unknown campaign, an action it does not know, resuming a cancelled one", async () => {
    const missing = await api("/api/campaigns/cmp_nothing", { cookie: who.editor });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/does not exist/);
    const created = await (await start({ ...valid(), name: "Short-lived" })).json();
    const odd = await api(`/api/campaigns/${created.id}/explode`, { method: "POST", cookie: who.editor });
    expect(odd.status).toBe(404);
    expect((await api(`/api/campaigns/${created.id}/cancel`, { method: "POST", cookie: who.editor })).status).toBe(200);
    const resumed = await api(`/api/campaigns/${created.id}/resume`, { method: "POST", cookie: who.editor });
    expect(resumed.status).toBe(409);
    expect((await resumed.json()).message).toMatch(/cancelled/);
    const bad = await api("/api/campaigns?limit=0", { cookie: who.editor });
    expect(bad.status).toBe(400);
    expect((await api("/api/campaigns?cursor=garbage", { cookie: who.editor })).status).toBe(400);
  });

  it("a single shot the service turns away with 429 is queued (202) and made once by the server", async () => {
    await control("/calls", { method: "DELETE" });
    await control("/faults", {
      json: { match: "POST /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 20 },
    });
    const answer = await api("/api/predictions", {
      cookie: who.editor,
      json: { product_id: trained, prompt: "queued single", aspect_ratio: "2:3" },
    });
    expect(answer.status).toBe(202);
    const queued = await answer.json();
    expect(queued).toMatchObject({ queued: true, message: expect.stringContaining("asked the app to slow down") });
    await until(
      async () => (await made(trained)).some((p) => p.prompt === "queued single"),
      "the queued shot to be made",
      200,
    );
    expect((await made(trained)).filter((p) => p.prompt === "queued single")).toHaveLength(1);
  }, 60_000);
});
