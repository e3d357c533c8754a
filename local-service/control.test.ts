// The control API: stalls, faults, call counts, seeding (10,000 predictions) and LoRA progress.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createPrediction,
  createProduct,
  createReadyProduct,
  fetchImage,
  startTestService,
  type TestService,
  waitFor,
  waitForImages,
} from "./test-support";

let svc: TestService;
let ready: string;
beforeAll(async () => {
  svc = await startTestService();
  ready = await createReadyProduct(svc);
});
afterAll(() => svc.dispose());

const control = (method: string, path: string, json?: unknown) => call(method, `${svc.controlUrl}${path}`, { json });

describe("stall", () => {
  it("the next prediction never finishes; the one after it does", async () => {
    expect((await control("POST", "/stall", { kind: "prediction" })).status).toBe(200);
    const stalled = await createPrediction(svc, ready, "stalled one");
    const normal = await createPrediction(svc, ready, "normal one");
    await waitForImages(svc, normal.body.id);
    expect((await call("GET", `${svc.baseUrl}/prediction/${stalled.body.id}`)).body.images).toEqual([]);
  });

  it("the next training never finishes", async () => {
    await control("POST", "/stall", { kind: "lora", count: 1 });
    const [stuck, normal] = await Promise.all([createProduct(svc, "2"), createProduct(svc, "2")]);
    expect((await call("POST", `${svc.baseUrl}/product/${stuck}/generate-lora`)).body.result).toBe(
      "LoRA creation in progress",
    );
    await call("POST", `${svc.baseUrl}/product/${normal}/generate-lora`);
    await waitFor(async () => (await call("GET", `${svc.baseUrl}/product/${normal}`)).body.lora_enabled === 1);
    expect((await call("GET", `${svc.baseUrl}/product/${stuck}`)).body.lora_enabled).toBe(0);
    expect((await call("POST", `${svc.baseUrl}/product/${stuck}/generate-lora`)).body.result).toBe(
      "LoRA creation already in progress",
    );
    const progress = (await control("GET", `/lora/${stuck}`)).body;
    expect(progress).toMatchObject({ stalled: true, enabled: false, finishesAt: null });
  });

  it("rejects a bad body with 400", async () => {
    expect((await control("POST", "/stall", { kind: "everything" })).status).toBe(400);
  });
});

describe("faults", () => {
  const templates = () => call("GET", `${svc.baseUrl}/template/`);

  it.each([
    ["html503", 503],
    ["html502", 502],
  ] as const)("%s answers HTML for the next `count` matching requests", async (kind, status) => {
    await control("POST", "/faults", { match: "GET /api/v1/template/", kind, count: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await templates();
      expect(reply.status).toBe(status);
      expect(reply.headers.get("content-type")).toContain("text/html");
      expect(reply.text).toContain(`<h1>${status}`);
    }
    expect((await templates()).status).toBe(200);
  });

  it("rate429 answers 429 JSON with Retry-After", async () => {
    await control("POST", "/faults", { match: "GET /api/v1/prediction/", kind: "rate429", retryAfter: 7 });
    const reply = await call("GET", `${svc.baseUrl}/prediction/`);
    expect(reply.status).toBe(429);
    expect(reply.headers.get("retry-after")).toBe("7");
    expect(reply.body.error).toBe("Too Many Requests");
    expect((await call("GET", `${svc.baseUrl}/prediction/`)).status).toBe(200);
  });

  it("hang never answers; the client gives up", async () => {
    await control("POST", "/faults", { match: "GET /api/v1/template/", kind: "hang" });
    await expect(call("GET", `${svc.baseUrl}/template/`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await templates()).status).toBe(200);
  });

  it("DELETE /faults clears them", async () => {
    await control("POST", "/faults", { match: "template", kind: "html503", count: 5 });
    await control("DELETE", "/faults");
    expect((await templates()).status).toBe(200);
  });
});

describe("calls", () => {
  it("counts every authenticated API request by method and path; DELETE resets", async () => {
    await control("DELETE", "/calls");
    await Promise.all([1, 2, 3].map(() => call("GET", `${svc.baseUrl}/prediction/abc`)));
    await call("GET", `${svc.baseUrl}/template/`);
    await call("GET", `${svc.baseUrl}/template/`, { token: "wrong" }); // refused before counting
    expect((await control("GET", "/calls")).body).toEqual({
      calls: { "GET /api/v1/prediction/abc": 3, "GET /api/v1/template/": 1 },
    });
    await control("DELETE", "/calls");
    expect((await control("GET", "/calls")).body).toEqual({ calls: {} });
  });
});

describe("seed", () => {
  it("adds 10,000 finished predictions that list completely", async () => {
    const before = (await call("GET", `${svc.baseUrl}/prediction/`)).body.length;
    const seeded = await control("POST", "/seed", { count: 10_000 });
    expect(seeded.body.added).toBe(10_000);

    const started = performance.now();
    const list = await call("GET", `${svc.baseUrl}/prediction/`);
    console.info(`GET /prediction/ with ${list.body.length} items: ${Math.round(performance.now() - started)} ms`);
    expect(list.body.length).toBe(before + 10_000);
    const seededItems = list.body.slice(0, 10_000) as {
      id: string;
      prompt: string;
      images: string[];
      date_modification: string;
    }[];
    expect(seededItems.every((p) => p.images.length > 0)).toBe(true);
    expect(new Set(seededItems.map((p) => p.prompt)).size).toBe(10_000);
    const days = (a: string, b: string) => (Date.parse(`${b}Z`) - Date.parse(`${a}Z`)) / 86_400_000;
    expect(days(seededItems[0].date_modification, seededItems[9_999].date_modification)).toBeGreaterThan(90);

    // Seeded images have the seeded prediction's own aspect ratio.
    const ratios = new Set<string>();
    for (const item of seededItems.slice(0, 14)) {
      const detail = (await call("GET", `${svc.baseUrl}/prediction/${item.id}`)).body;
      ratios.add(detail.aspect_ratio);
      const meta = await sharp((await fetchImage(detail.images[0])).data).metadata();
      const [a, b] = detail.aspect_ratio.split(":").map(Number);
      expect((meta.width as number) * b).toBe((meta.height as number) * a);
    }
    expect(ratios.size).toBe(7);
  });

  it("seedPredictions at start tops up to at least that many finished predictions", async () => {
    const list = (await call("GET", `${svc.baseUrl}/prediction/`)).body as { images: string[] }[];
    const finished = list.filter((p) => p.images.length > 0).length;
    expect(finished).toBe(list.length - 1); // the stalled one stays unfinished
    await svc.close();
    svc = await startTestService({ dataDir: svc.dataDir, seedPredictions: finished + 5 });
    expect((await call("GET", `${svc.baseUrl}/prediction/`)).body.length).toBe(list.length + 5);
  });
});

describe("lora progress", () => {
  it("404 for an unknown product; stageIndex -1 before any training", async () => {
    expect((await control("GET", "/lora/unknown")).status).toBe(404);
    const id = await createProduct(svc, "1");
    expect((await control("GET", `/lora/${id}`)).body).toMatchObject({ stageIndex: -1, startedAt: null });
  });
});

describe("finishing a training at once", () => {
  it("a product never trained, or stalled in training, is ready after POST /lora/{id}/finish; 404 for an unknown one", async () => {
    expect((await control("POST", "/lora/unknown/finish")).status).toBe(404);
    const fresh = await createProduct(svc, "1");
    await control("POST", "/stall", { kind: "lora" });
    const stuck = await createProduct(svc, "1");
    await call("POST", `${svc.baseUrl}/product/${stuck}/generate-lora`);
    for (const id of [fresh, stuck]) {
      expect((await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled).toBe(0);
      expect((await control("POST", `/lora/${id}/finish`)).body).toEqual({ ok: true, enabled: true });
      expect((await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled).toBe(1);
    }
    expect((await createPrediction(svc, fresh, "after a finished training")).status).toBe(201);
  });
});

describe("predictions under way", () => {
  it("counts predictions still being made, not stalled ones, and reaches 0 when they finish", async () => {
    await control("POST", "/stall", { kind: "prediction" });
    await createPrediction(svc, ready, "never finishes");
    const { body } = await createPrediction(svc, ready, "finishes");
    expect((await control("GET", "/predictions/under-way")).body.count).toBeGreaterThanOrEqual(1);
    await waitForImages(svc, body.id);
    await waitFor(async () => (await control("GET", "/predictions/under-way")).body.count === 0);
    expect((await control("GET", "/predictions/under-way")).body).toEqual({ count: 0 });
  });
});
