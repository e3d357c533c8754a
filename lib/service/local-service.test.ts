import type { Prediction } from "@/lib/types";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalService, type LocalService } from "@/local-service/server";
import type { Product } from "@/lib/types";
import {
  clearServiceCache,
  createPrediction,
  createProduct,
  generateLora,
  getPrediction,
  getProduct,
  getTemplate,
  isAssetUrl,
  listLoraTemplates,
  streamPredictionList,
  listTemplates,
  type TextureFile,
} from "./index";
import { pointServiceAt } from "./testing/fault-server";

/** The whole list, read through the stream (fine for the few items of a test). */
async function listPredictions(): Promise<Prediction[]> {
  const all: Prediction[] = [];
  await streamPredictionList(async (batch) => {
    all.push(...batch);
  });
  return all;
}

// Every operation round-trips against the local service over real HTTP.

let svc: LocalService;
let dir: string;
let sleeps: number[];
const texturesFor = async (keys: string[]): Promise<TextureFile[]> =>
  Promise.all(
    keys.map(async (key, i) => {
      const file = path.join(dir, `${key}-${i}.png`);
      const bytes = await sharp({
        create: { width: 256, height: 256, channels: 3, background: { r: 40 * i, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      await writeFile(file, bytes);
      return { key, filename: `${key}.png`, contentType: "image/png", path: file, size: bytes.length };
    }),
  );

async function control(method: string, route: string, body?: unknown) {
  const res = await fetch(`${svc.controlUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${svc.tokens.full[0]}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { calls?: Record<string, number> };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("never finished");
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pvs-local-"));
  svc = await startLocalService({
    dataDir: path.join(dir, "svc"),
    port: 0,
    assetPort: 0,
    loraMs: 1500,
    predictionMs: 300,
    seedPredictions: 2,
  });
});
afterAll(async () => {
  await svc?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  ({ sleeps } = pointServiceAt(svc.baseUrl, svc.assetUrl, 5_000, svc.tokens.full[0]));
});

describe("against the local service", () => {
  it("lists templates and reads their details", async () => {
    const list = await listTemplates();
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.every((t) => typeof t.id === "string" && t.name && t.preview_url && isAssetUrl(t.preview_url))).toBe(
      true,
    );
    const bottle = await getTemplate(list[0].id);
    expect(bottle.loraScene).toBe("available");
    expect(bottle.texture_slots.length).toBeGreaterThan(0);
  });

  it("offers only the LoRA-capable templates, the two others excluded", async () => {
    const all = await listTemplates();
    const lora = await listLoraTemplates();
    expect(lora).toHaveLength(all.length - 2);
    expect(lora.map((t) => t.name)).not.toContain("Lounge chair");
    expect(lora.map((t) => t.name)).not.toContain("Poster frame");
    expect(lora.every((t) => t.loraScene === "available" && t.texture_slots.length > 0)).toBe(true);
  });

  it("runs the whole workflow: product → LoRA → prediction with images", async () => {
    const template = (await listLoraTemplates())[0];
    const textures = await texturesFor(template.texture_slots.map((s) => s.key));
    const created = await createProduct({ template_id: template.id, name: "Integration product", textures });
    expect(created).toMatchObject({ lora_enabled: 0, name: "Integration product", template_id: template.id });

    const before = await getProduct(created.id);
    expect(before).toMatchObject({ id: created.id, lora_enabled: 0 });
    await expect(
      createPrediction({ product_id: created.id, prompt: "on a beach", aspect_ratio: "16:9" }),
    ).rejects.toMatchObject({
      status: 403,
      message: "Product does not have LoRA enabled. Generate LoRA first.",
    });

    expect(await generateLora(created.id)).toEqual({ result: "LoRA creation in progress" });
    expect(await generateLora(created.id)).toEqual({ result: "LoRA creation already in progress" });
    await until<Product>(
      () => getProduct(created.id),
      (p) => p.lora_enabled === 1,
    );
    expect(await generateLora(created.id)).toEqual({ result: "LoRA already created" });

    const prediction = await createPrediction({
      product_id: created.id,
      prompt: "on a beach at dusk",
      aspect_ratio: "16:9",
    });
    expect(prediction).toMatchObject({
      product_id: created.id,
      prompt: "on a beach at dusk",
      aspect_ratio: "16:9",
      status: "processing",
      images: [],
    });
    const done = await until(
      () => getPrediction(prediction.id),
      (p) => p.images.length > 0,
    );
    expect(done).toMatchObject({ id: prediction.id, status: "succeeded", aspect_ratio: "16:9" });
    expect(done.date_modification).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.images.every(isAssetUrl)).toBe(true);
    const image = await fetch(done.images[0]);
    expect(image.status).toBe(200);

    clearServiceCache();
    const listed = (await listPredictions()).find((p) => p.id === prediction.id);
    expect(listed).toMatchObject({ status: "succeeded", aspect_ratio: null, product_id: created.id });
  });

  it("passes the service's own refusals through", async () => {
    const chair = (await listTemplates()).find((t) => t.name === "Lounge chair")!;
    const detail = await getTemplate(chair.id);
    const product = await createProduct({
      template_id: chair.id,
      name: "Chair",
      textures: await texturesFor(detail.texture_slots.map((s) => s.key)),
    });
    await expect(generateLora(product.id)).rejects.toMatchObject({
      status: 400,
      message: "LoRA generation not available for this template",
      fromService: true,
    });
    await expect(getProduct("999999")).rejects.toMatchObject({ status: 404, fromService: true });
  });

  it("retries a read through an HTML 503 and a 429 with Retry-After", async () => {
    const [first] = await listPredictions();
    expect(first).toBeDefined();
    await control("DELETE", "/calls");
    await control("POST", "/faults", { match: `GET /api/v1/prediction/${first.id}`, kind: "html503", count: 1 });
    await control("POST", "/faults", {
      match: `GET /api/v1/prediction/${first.id}`,
      kind: "rate429",
      count: 1,
      retryAfter: 1,
    });
    clearServiceCache();
    await expect(getPrediction(first.id)).resolves.toMatchObject({ id: first.id });
    const { calls } = await control("GET", "/calls");
    expect(calls?.[`GET /api/v1/prediction/${first.id}`]).toBe(3);
    expect(sleeps).toContain(1000);
  });

  it("maps the token's refusals: read-only 403 kept, wrong token not a 401", async () => {
    pointServiceAt(svc.baseUrl, svc.assetUrl, 5_000, svc.tokens.readOnly[0]);
    await expect(listTemplates()).resolves.not.toHaveLength(0);
    await expect(generateLora("1")).rejects.toMatchObject({ status: 403, message: "Insufficient permissions" });
    pointServiceAt(svc.baseUrl, svc.assetUrl, 5_000, "not-the-token");
    const error = await listTemplates().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect(String((error as Error).message)).not.toContain("not-the-token");
  });
});
