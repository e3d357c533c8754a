import type { Prediction } from "@/lib/types";
import { afterEach, describe, expect, it } from "vitest";
import { getPrediction, getProduct, getTemplate, isAssetUrl, listTemplates, streamPredictionList } from "./index";
import { json, startFaultServer, pointServiceAt, type FaultServer } from "./testing/fault-server";

/** The whole list, read through the stream (fine for the few items of a test). */
async function listPredictions(): Promise<Prediction[]> {
  const all: Prediction[] = [];
  await streamPredictionList(async (batch) => {
    all.push(...batch);
  });
  return all;
}

// Raw shapes, lenient in: numeric ids, extra fields, other spellings where the document says
// "not shown"; strict out: the app's own types.

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(routes: Record<string, unknown>) {
  server = await startFaultServer((req, res) => {
    const path = req.url.replace(/^\/api\/v1/, "");
    return path in routes ? json(res, 200, routes[path]) : json(res, 404, { error: "Not Found", message: "nope" });
  });
  pointServiceAt(`${server.origin}/api/v1`, "http://assets.test:8080/files");
}

describe("predictions", () => {
  it("shows only images on the asset origin, but still counts the others as finished", async () => {
    await serve({
      "/prediction/9": { id: "9", product_id: "7", prompt: "x", images: ["https://elsewhere.example/x.png"] },
      "/prediction/10": {
        id: "10",
        product_id: "7",
        prompt: "x",
        images: ["https://elsewhere.example/y.png", "http://assets.test:8080/files/ok.png"],
      },
    });
    expect(await getPrediction("9")).toMatchObject({ status: "succeeded", images: [] });
    expect((await getPrediction("10")).images).toEqual(["http://assets.test:8080/files/ok.png"]);
  });

  it("normalises numeric ids, drops non-string images, resolves relative ones, derives status", async () => {
    await serve({
      "/prediction/12": {
        id: 12,
        product_id: 7,
        prompt: "beach",
        aspect_ratio: "16:9",
        date_modification: "2025-02-03 04:05:06",
        images: ["/files/p/12-0.png", 5, null, "http://assets.test:8080/files/p/12-1.png", "javascript:alert(1)"],
        extra: { nested: true },
      },
    });
    expect(await getPrediction("12")).toEqual({
      id: "12",
      product_id: "7",
      prompt: "beach",
      aspect_ratio: "16:9",
      status: "succeeded",
      images: ["http://assets.test:8080/files/p/12-0.png", "http://assets.test:8080/files/p/12-1.png"],
      date_modification: "2025-02-03 04:05:06",
    });
  });

  it("lists items without status or aspect ratio as processing until images arrive", async () => {
    await serve({
      "/prediction/": [
        { id: "a", product_id: "7", prompt: "x", images: [], date_modification: "d" },
        { id: "b", product_id: "7", prompt: "y", aspect_ratio: "7:3", images: ["http://assets.test:8080/files/b.png"] },
        { no_id: true },
      ],
    });
    const list = await listPredictions();
    expect(list.map((p) => [p.id, p.status, p.aspect_ratio])).toEqual([
      ["a", "processing", null],
      ["b", "succeeded", null],
    ]);
  });
});

describe("products", () => {
  it.each([
    [1, 1],
    ["1", 1],
    [true, 1],
    [0, 0],
    ["0", 0],
    [false, 0],
    [undefined, 0],
  ])("lora_enabled %j becomes %j", async (raw, expected) => {
    await serve({ "/product/5": { id: 5, lora_enabled: raw, name: "Mug", template_id: 3, colour: "red" } });
    expect(await getProduct("5")).toEqual({ id: "5", lora_enabled: expected, name: "Mug", template_id: "3" });
  });
});

describe("templates", () => {
  it("reads names, previews and texture slots under their several possible names", async () => {
    await serve({
      "/template/": [
        { id: 1, name: "Mug", preview_url: "http://assets.test:8080/files/t1.png" },
        { id: 2, title: "Bottle", image: "t2.png" },
        { id: 3, thumbnail: "/api/v1/template/3/preview" },
        { id: "4", label: "Box", preview: 42 },
      ],
    });
    const list = await listTemplates();
    expect(list.map((t) => [t.id, t.name, t.preview_url, t.loraScene])).toEqual([
      ["1", "Mug", "http://assets.test:8080/files/t1.png", null],
      ["2", "Bottle", "http://assets.test:8080/files/t2.png", null],
      ["3", "Template 3", `${server!.origin}/api/v1/template/3/preview`, null],
      ["4", "Box", null, null],
    ]);
  });

  it.each([
    [
      { textures: [{ key: "front", label: "Front" }, { key: "back", name: "Back" }, { key: "side" }] },
      [
        ["front", "Front"],
        ["back", "Back"],
        ["side", "side"],
      ],
    ],
    [
      { texture_slots: ["front", "back"] },
      [
        ["front", "front"],
        ["back", "back"],
      ],
    ],
    [{ slots: [{ key: 1, title: "One" }, { nokey: true }, 7] }, [["1", "One"]]],
    [{ textureSlots: "front,back" }, []],
    [{}, []],
  ])("texture slots of %j", async (extra, expected) => {
    await serve({ "/template/9": { id: 9, name: "T", loraScene: "available", ...extra } });
    const template = await getTemplate("9");
    expect(template.loraScene).toBe("available");
    expect(template.texture_slots.map((s) => [s.key, s.label])).toEqual(expected);
  });
});

describe("isAssetUrl", () => {
  it("is true only under the asset origin and path", async () => {
    await serve({});
    expect(isAssetUrl("http://assets.test:8080/files/p/1.png")).toBe(true);
    expect(isAssetUrl("http://assets.test:8080/other/1.png")).toBe(false);
    expect(isAssetUrl("http://assets.test:8080/files/../other/1.png")).toBe(false);
    expect(isAssetUrl("http://assets.test:8080/files/%2e%2e/x")).toBe(false);
    expect(isAssetUrl("https://assets.test:8080/files/1.png")).toBe(false);
    expect(isAssetUrl("http://assets.test.evil:8080/files/1.png")).toBe(false);
    expect(isAssetUrl("http://user@assets.test:8080/files/1.png")).toBe(false);
    expect(isAssetUrl("/files/1.png")).toBe(false);
    expect(isAssetUrl(`${server!.origin}/api/v1/x`)).toBe(false);
  });
});
