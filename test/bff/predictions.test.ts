import { beforeAll, describe, expect, it } from "vitest";
import {
  allPredictions,
  api,
  bff,
  control,
  createProduct,
  loraReadyProduct,
  serviceCalls,
  signIn,
  until,
} from "./client";

let cookie: string;
let product: { id: string };
beforeAll(async () => {
  cookie = await signIn();
  product = await loraReadyProduct(cookie);
}, 60_000);

const RATIO_MESSAGE = "aspect_ratio must be one of: 16:9, 3:2, 5:4, 1:1, 4:5, 2:3, 9:16";

describe("predictions", () => {
  it("checks the request first with the service's own messages, sending nothing", async () => {
    await control("/calls", { method: "DELETE" });
    const noProduct = await api("/api/predictions", { cookie, json: { prompt: "x", aspect_ratio: "1:1" } });
    expect(noProduct.status).toBe(400);
    expect(await noProduct.json()).toEqual({ error: "Bad Request", message: "product_id is required" });
    const badRatio = await api("/api/predictions", {
      cookie,
      json: { product_id: product.id, prompt: "x", aspect_ratio: "7:3" },
    });
    expect(badRatio.status).toBe(400);
    expect(await badRatio.json()).toEqual({ error: "Bad Request", message: RATIO_MESSAGE });
    expect(Object.keys(await serviceCalls()).filter((k) => k.startsWith("POST"))).toEqual([]);
  });

  it("passes 403 (LoRA not enabled) and 404 (unknown product) through in the service's words", async () => {
    const fresh = await (await createProduct(cookie, "7", "Untrained mug", ["print"])).json();
    const notReady = await api("/api/predictions", {
      cookie,
      json: { product_id: fresh.id, prompt: "x", aspect_ratio: "1:1" },
    });
    expect(notReady.status).toBe(403);
    expect(await notReady.json()).toEqual({
      error: "Forbidden",
      message: "Product does not have LoRA enabled. Generate LoRA first.",
    });
    const unknown = await api("/api/predictions", {
      cookie,
      json: { product_id: "nope", prompt: "x", aspect_ratio: "1:1" },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not Found", message: "Product with ID nope does not exist" });
  });

  it("creates once (processing, no images), then the images arrive with status and ratio", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await api("/api/predictions", {
      cookie,
      json: { product_id: product.id, prompt: "on a beach at sunset", aspect_ratio: "9:16" },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      product_id: product.id,
      prompt: "on a beach at sunset",
      aspect_ratio: "9:16",
      status: "processing",
      images: [],
    });
    expect(created.date_modification).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const posts = Object.entries(await serviceCalls()).filter(([k]) => k.startsWith("POST /"));
    expect(posts).toEqual([[expect.stringMatching(/POST .*\/prediction\/$/), 1]]);
    const done = await until(async () => {
      const p = await (await api(`/api/predictions/${created.id}`, { cookie })).json();
      return p.images.length > 0 ? p : null;
    }, "images");
    expect(done).toMatchObject({
      id: created.id,
      status: "succeeded",
      aspect_ratio: "9:16",
      product_name: "Ready bottle",
    });
    for (const url of done.images) expect(url.startsWith(bff().assetUrl)).toBe(true);
    // The list items of the service lack aspect_ratio and status: the app fills both in.
    const list = await allPredictions<{ id: string }>(cookie);
    const item = list.find((p) => p.id === created.id);
    expect(item).toMatchObject({ status: "succeeded", aspect_ratio: "9:16" });
  });

  it("lists newest first", async () => {
    const a = await (
      await api("/api/predictions", { cookie, json: { product_id: product.id, prompt: "first", aspect_ratio: "1:1" } })
    ).json();
    const b = await (
      await api("/api/predictions", {
        cookie,
        json: { product_id: product.id, prompt: "second", aspect_ratio: "16:9" },
      })
    ).json();
    const ids = (await allPredictions(cookie)).map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it("accepts form fields as well as JSON", async () => {
    const form = new URLSearchParams({ product_id: product.id, prompt: "studio light", aspect_ratio: "4:5" });
    const response = await api("/api/predictions", {
      cookie,
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(201);
    expect((await response.json()).aspect_ratio).toBe("4:5");
  });

  it("50 concurrent pollers of one prediction cost a handful of service calls", async () => {
    const created = await (
      await api("/api/predictions", { cookie, json: { product_id: product.id, prompt: "crowd", aspect_ratio: "1:1" } })
    ).json();
    await control("/calls", { method: "DELETE" });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => api(`/api/predictions/${created.id}`, { cookie })),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
    }
    const calls = (await serviceCalls())[`GET /api/v1/prediction/${created.id}`] ?? 0;
    expect(calls).toBeGreaterThanOrEqual(1);
    // One shared answer per 0.8 s however many ask: a few per round on a busy machine, never one
    // per poller (150 without sharing).
    expect(calls).toBeLessThanOrEqual(15);
  });

  it("turns an HTML 503 page into a clear error and never passes the HTML on", async () => {
    await control("/faults", { json: { match: "GET /api/v1/prediction/", kind: "html503", count: 10 } });
    const response = await api("/api/predictions/some-id", { cookie });
    await control("/faults", { method: "DELETE" });
    expect(response.status).toBeGreaterThanOrEqual(502);
    const text = await response.text();
    expect(text).not.toMatch(/<html/i);
    expect(JSON.parse(text)).toEqual({ error: expect.any(String), message: expect.stringMatching(/service/i) });
  });

  it("retries a GET after a 429 with Retry-After and succeeds (a 429 passed on would fail here)", async () => {
    const created = await (
      await api("/api/predictions", {
        cookie,
        json: { product_id: product.id, prompt: "patient", aspect_ratio: "1:1" },
      })
    ).json();
    await new Promise((r) => setTimeout(r, 1_100)); // past the shared answer of a poll
    await control("/faults", { json: { match: "GET /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 1 } });
    const response = await api(`/api/predictions/${created.id}`, { cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(created.id);
  });

  it("answers 504 when the service hangs past the timeout", async () => {
    await control("/faults", { json: { match: "GET /api/v1/product/", kind: "hang", count: 5 } });
    const response = await api(`/api/products/${product.id}`, { cookie });
    await control("/faults", { method: "DELETE" });
    expect(response.status).toBe(504);
    expect((await response.json()).error).toBe("Gateway Timeout");
  });

  it("downloads images of the asset origin only", async () => {
    const list = await allPredictions<{ images: string[] }>(cookie);
    const withImage = list.find((p) => p.images.length > 0)!;
    const src = encodeURIComponent(withImage.images[0]);
    const ok = await api(`/api/images/download?src=${src}&name=Ready bottle on a beach`, { cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^image\//);
    expect(ok.headers.get("content-disposition")).toMatch(/attachment; filename="ready-bottle-on-a-beach\.(jpg|png)"/);
    for (const evil of ["http://169.254.169.254/latest", `${bff().baseUrl}/prediction/`, "file:///etc/passwd"]) {
      const refused = await api(`/api/images/download?src=${encodeURIComponent(evil)}`, { cookie });
      expect(refused.status, evil).toBe(400);
    }
  });
});
