// Contract: predictions (section 2 rules 1–3, section 4, section 7) and their generated images.
import { request } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createPrediction,
  createProduct,
  createReadyProduct,
  DATE_SHAPE,
  fetchImage,
  type Reply,
  startTestService,
  type TestService,
  waitForImages,
} from "./test-support";

let svc: TestService;
let redProduct: string;
let blueProduct: string;
beforeAll(async () => {
  svc = await startTestService();
  [redProduct, blueProduct] = await Promise.all([
    createReadyProduct(svc, ["#d01010"]),
    createReadyProduct(svc, ["#1030d0"]),
  ]);
});
afterAll(() => svc.dispose());

const ASPECT_MESSAGE = "aspect_ratio must be one of: 16:9, 3:2, 5:4, 1:1, 4:5, 2:3, 9:16";
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};
const create = (fields: Record<string, string>) => call("POST", `${svc.baseUrl}/prediction/`, { form: form(fields) });

async function pixels(url: string) {
  const { data } = await fetchImage(url);
  return sharp(data).resize(96, 96, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

describe("prediction errors (section 7), checked in order", () => {
  it("400 product_id is required (even when other fields are also wrong)", async () => {
    const cases: Record<string, string>[] = [{}, { aspect_ratio: "7:7" }, { product_id: "", aspect_ratio: "1:1" }];
    for (const fields of cases) {
      const reply = await create(fields);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: "Bad Request", message: "product_id is required" });
    }
  });

  it("400 for a missing or invalid aspect_ratio, before the product lookup", async () => {
    const cases: Record<string, string>[] = [
      { product_id: "unknown" },
      { product_id: redProduct, aspect_ratio: "4:3" },
    ];
    for (const fields of cases) {
      const reply = await create(fields);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: "Bad Request", message: ASPECT_MESSAGE });
    }
  });

  it("404 for an unknown product", async () => {
    const reply = await create({ product_id: "ghost", aspect_ratio: "1:1", prompt: "x" });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: "Not Found", message: "Product with ID ghost does not exist" });
  });

  it("403 when the product's LoRA is not enabled", async () => {
    const id = await createProduct(svc, "1");
    const reply = await create({ product_id: id, aspect_ratio: "1:1", prompt: "x" });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({
      error: "Forbidden",
      message: "Product does not have LoRA enabled. Generate LoRA first.",
    });
  });

  it("404 for an unknown prediction", async () => {
    const reply = await call("GET", `${svc.baseUrl}/prediction/nope`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: "Not Found", message: "Prediction with ID nope does not exist" });
  });
});

describe("prediction fields (rules 1–3)", () => {
  it("create carries every field, status processing, images []; list and detail omit per rules 2 and 3", async () => {
    const created = await createPrediction(svc, redProduct, "a bottle in a studio", "3:2");
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([
      "aspect_ratio",
      "date_modification",
      "id",
      "images",
      "product_id",
      "prompt",
      "status",
    ]);
    expect(created.body).toMatchObject({
      product_id: redProduct,
      prompt: "a bottle in a studio",
      aspect_ratio: "3:2",
      status: "processing",
      images: [],
    });
    expect(typeof created.body.id).toBe("string");
    expect(created.body.date_modification).toMatch(DATE_SHAPE);

    const detail = await waitForImages(svc, created.body.id);
    expect(Object.keys(detail.body).sort()).toEqual([
      "aspect_ratio",
      "date_modification",
      "id",
      "images",
      "product_id",
      "prompt",
    ]);
    expect(detail.body.date_modification).toMatch(DATE_SHAPE);
    expect(detail.body.date_modification >= created.body.date_modification).toBe(true);

    const list = await call("GET", `${svc.baseUrl}/prediction/`);
    expect(Array.isArray(list.body)).toBe(true);
    const item = list.body.find((p: { id: string }) => p.id === created.body.id);
    expect(Object.keys(item).sort()).toEqual(["date_modification", "id", "images", "product_id", "prompt"]);
    expect(item.images).toEqual(detail.body.images);
    for (const url of item.images) expect(url.startsWith(`${svc.assetUrl}/images/`)).toBe(true);
  });

  it("accepts application/x-www-form-urlencoded too", async () => {
    const body = new URLSearchParams({ product_id: redProduct, aspect_ratio: "1:1", prompt: "urlencoded" });
    const reply = await call("POST", `${svc.baseUrl}/prediction/`, { form: body });
    expect(reply.status).toBe(201);
    expect(reply.body.prompt).toBe("urlencoded");
  });
});

describe("generated images", () => {
  const SIZES: [string, number, number][] = [
    ["16:9", 1536, 864],
    ["3:2", 1536, 1024],
    ["5:4", 1520, 1216],
    ["1:1", 1536, 1536],
    ["4:5", 1216, 1520],
    ["2:3", 1024, 1536],
    ["9:16", 864, 1536],
  ];
  // All seven start at once, so the worker renders them while earlier tests are checked.
  const finished = new Map<string, Promise<Reply>>();
  beforeAll(async () => {
    for (const [ratio] of SIZES) {
      const created = await createPrediction(svc, redProduct, `ratio test ${ratio}`, ratio);
      finished.set(ratio, waitForImages(svc, created.body.id));
    }
  });

  it.each(SIZES)("%s gives images of exactly that ratio (%i×%i)", async (ratio, width, height) => {
    const done = (await finished.get(ratio)) as Reply;
    expect(done.body.images.length).toBeGreaterThanOrEqual(1);
    expect(done.body.images.length).toBeLessThanOrEqual(4);
    const [a, b] = ratio.split(":").map(Number);
    for (const url of done.body.images) {
      const { res, data } = await fetchImage(url);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      expect((meta.width as number) * b).toBe((meta.height as number) * a);
    }
  });

  it("draws the product's own texture and a prompt-dependent scene", async () => {
    const prompt = "clean studio shot";
    const [red, blue, night] = await Promise.all([
      createPrediction(svc, redProduct, prompt),
      createPrediction(svc, blueProduct, prompt),
      createPrediction(svc, redProduct, "neon city at night"),
    ]);
    const [redDone, blueDone, nightDone] = await Promise.all(
      [red, blue, night].map((p) => waitForImages(svc, p.body.id)),
    );
    const count = (data: Buffer, test: (r: number, g: number, b: number) => boolean) => {
      let n = 0;
      for (let i = 0; i < data.length; i += 3) if (test(data[i], data[i + 1], data[i + 2])) n++;
      return n;
    };
    const isRed = (r: number, g: number, b: number) => r > 130 && g < 90 && b < 90;
    const isBlue = (r: number, g: number, b: number) => b > 130 && r < 90 && g < 110;
    const redPixels = await pixels(redDone.body.images[0]);
    const bluePixels = await pixels(blueDone.body.images[0]);
    const total = 96 * 96;
    expect(count(redPixels, isRed)).toBeGreaterThan(total * 0.04);
    expect(count(bluePixels, isBlue)).toBeGreaterThan(total * 0.04);
    expect(count(bluePixels, isRed)).toBeLessThan(total * 0.005);
    expect(count(redPixels, isBlue)).toBeLessThan(total * 0.005);

    // Same product and ratio, different prompt: a visibly different picture.
    const nightPixels = await pixels(nightDone.body.images[0]);
    let diff = 0;
    for (let i = 0; i < redPixels.length; i++) diff += Math.abs(redPixels[i] - nightPixels[i]);
    expect(diff / redPixels.length).toBeGreaterThan(20);
  });
});

describe("asset origin", () => {
  const rawGet = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(svc.assetUrl);
      request({ hostname, port, path, method: "GET" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });

  it("refuses path traversal and anything outside /images/", async () => {
    for (const path of [
      "/images/../state.json",
      "/images/..%2Fstate.json",
      "/images/%2e%2e%2ftokens.json",
      "/images/..%5Ctokens.json",
      "/state.json",
      "/tokens.json",
      "/images/",
      "/images/missing.jpg",
      "/images/.hidden.png",
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
  });
});
