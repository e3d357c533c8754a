import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { api, control, createProduct, png, serviceCalls, signIn, until } from "./client";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

describe("products", () => {
  it("creates a product from a multipart upload (201) and records it", async () => {
    const response = await createProduct(cookie, "1", "Lemonade bottle", ["label", "cap"]);
    expect(response.status).toBe(201);
    const product = await response.json();
    expect(product).toMatchObject({
      name: "Lemonade bottle",
      template_id: "1",
      lora_enabled: 0,
      texture_keys: ["label", "cap"],
      lora_started_at: null,
    });
    expect(typeof product.id).toBe("string");
    expect(product.template_name).toBe("Glass bottle");
    const list = await (await api("/api/products", { cookie })).json();
    expect(list.items.map((p: { id: string }) => p.id)).toContain(product.id);
    const one = await api(`/api/products/${product.id}`, { cookie });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: product.id, name: "Lemonade bottle", lora_enabled: 0 });
  });

  it("keeps a WebP thumbnail of each texture, per slot, for signed-in people only", async () => {
    const product = await (await createProduct(cookie, "1", "Thumbnail bottle", ["label", "cap"])).json();
    const one = await (await api(`/api/products/${product.id}`, { cookie })).json();
    expect(one.texture_thumbnails).toEqual([
      { key: "label", url: `/api/products/${product.id}/textures/label` },
      { key: "cap", url: `/api/products/${product.id}/textures/cap` },
    ]);
    const thumb = await api(one.texture_thumbnails[0].url, { cookie });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await thumb.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const unknown = await api(`/api/products/${product.id}/textures/strap`, { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not Found", message: expect.any(String) });
    expect((await api(one.texture_thumbnails[0].url)).status).toBe(401);
  });

  it("refuses a file that is not an image by its bytes, before anything reaches the service", async () => {
    await control("/calls", { method: "DELETE" });
    const form = new FormData();
    form.append("template_id", "1");
    form.append("name", "Sneaky");
    form.append("texture[0]", new Blob(["%PDF-1.4 not an image"], { type: "image/png" }), "label.png");
    form.append("texture[0][key]", "label");
    const response = await api("/api/products", { cookie, body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Bad Request",
      message: expect.stringMatching(/contents are not a readable image/),
    });
    const calls = await serviceCalls();
    expect(Object.keys(calls).filter((k) => k.startsWith("POST"))).toEqual([]);
  });

  it("refuses pixel bombs, broken and needle-thin textures in words naming the slot, before anything reaches the service", async () => {
    // 16 000 × 16 000 of one colour: under a megabyte of PNG, a gigabyte of pixels once decoded.
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    const noisy = {
      create: {
        width: 256,
        height: 256,
        channels: 3 as const,
        background: "#000",
        noise: { type: "gaussian" as const, mean: 128, sigma: 40 },
      },
    };
    const goodPng = await sharp(noisy).png().toBuffer();
    const goodJpeg = await sharp(noisy).jpeg().toBuffer();
    const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));
    const thin = await sharp({ create: { width: 1, height: 100_000, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    const cases: [Buffer, string, RegExp][] = [
      [
        bomb,
        "label.png",
        /^The texture for “label” is too large: 16000 × 16000 pixels \(256 megapixels\)\. Textures can be at most 8192 pixels on a side and 40 megapixels\.$/,
      ],
      [
        cut(goodPng),
        "label.png",
        /^The texture for “label” is damaged: the PNG cannot be read to its end\. Export it again and choose it once more\.$/,
      ],
      [
        cut(goodJpeg),
        "label.jpg",
        /^The texture for “label” is damaged: the JPEG cannot be read to its end\. Export it again and choose it once more\.$/,
      ],
      [thin, "label.png", /^The texture for “label” is 1 × 100000 pixels: each side must be from 64 to 8192 pixels\.$/],
    ];
    await control("/calls", { method: "DELETE" });
    for (const [bytes, filename, message] of cases) {
      const form = new FormData();
      form.append("template_id", "1");
      form.append("name", "Bomb bottle");
      form.append("texture[0]", new Blob([new Uint8Array(await png())], { type: "image/png" }), "cap.png");
      form.append("texture[0][key]", "cap");
      form.append("texture[1]", new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename);
      form.append("texture[1][key]", "label");
      const response = await api("/api/products", { cookie, body: form });
      expect(response.status, filename).toBe(400);
      expect((await response.json()).message).toMatch(message);
      // The texture check (advisor) refuses the same files the same way.
      const check = new FormData();
      check.append("texture[0][key]", "label");
      check.append("texture[0]", new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename);
      const checked = await api("/api/textures/check", { cookie, body: check });
      expect(checked.status, filename).toBe(400);
      expect((await checked.json()).message).toMatch(message);
    }
    const calls = await serviceCalls();
    expect(Object.keys(calls).filter((k) => k.startsWith("POST"))).toEqual([]);
  }, 60_000);

  it("answers missing fields and non-multipart bodies with 4xx in words", async () => {
    const noName = new FormData();
    noName.append("template_id", "1");
    const missing = await api("/api/products", { cookie, body: noName });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBeTruthy();
    const wrongType = await api("/api/products", { cookie, json: { name: "x" } });
    expect([400, 415]).toContain(wrongType.status);
  });

  it("starts LoRA training: the service's three results verbatim, then lora_enabled 1", async () => {
    const product = await (await createProduct(cookie, "7", "Team mug", ["print"])).json();
    const first = await api(`/api/products/${product.id}/lora`, { method: "POST", cookie });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: "LoRA creation in progress" });
    const started = await (await api(`/api/products/${product.id}`, { cookie })).json();
    expect(started.lora_started_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await api(`/api/products/${product.id}/lora`, { method: "POST", cookie });
    expect(await again.json()).toEqual({ result: "LoRA creation already in progress" });
    await until(
      async () => (await (await api(`/api/products/${product.id}`, { cookie })).json()).lora_enabled === 1,
      "LoRA",
    );
    const done = await api(`/api/products/${product.id}/lora`, { method: "POST", cookie });
    expect(await done.json()).toEqual({ result: "LoRA already created" });
    const after = await (await api(`/api/products/${product.id}`, { cookie })).json();
    expect(after.lora_started_at).toBe(started.lora_started_at);
  });

  it("passes 400 (template without LoRA) and 404 (unknown product) through with the service's words", async () => {
    const chair = await (await createProduct(cookie, "8", "Lounge chair", ["upholstery"])).json();
    const noLora = await api(`/api/products/${chair.id}/lora`, { method: "POST", cookie });
    expect(noLora.status).toBe(400);
    expect(await noLora.json()).toEqual({
      error: "Bad Request",
      message: "LoRA generation not available for this template",
    });
    const unknown = await api("/api/products/does-not-exist/lora", { method: "POST", cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Not Found",
      message: "Product with ID does-not-exist does not exist",
    });
  });

  it("passes 429 through with its message and Retry-After", async () => {
    // The products first, then their trainings all at once: the local service allows 4 trainings
    // per 4 s, and uploads on a slow machine may take longer than that window.
    const products = [];
    for (let i = 0; i < 6; i++)
      products.push(await (await createProduct(cookie, "10", `Shirt ${i}`, ["front"])).json());
    const responses = await Promise.all(
      products.map((p) => api(`/api/products/${p.id}/lora`, { method: "POST", cookie })),
    );
    const limited = responses.find((response) => response.status === 429);
    expect(limited).toBeDefined();
    expect(await limited!.json()).toEqual({
      error: "Too Many Requests",
      message: "LoRA generation limit exceeded. Please wait before starting another.",
    });
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses path-segment probes without calling the service, never with 500", async () => {
    await control("/calls", { method: "DELETE" });
    for (const probe of ["..%2Fprediction", "%2E%2E", "a%5Cb", "x%3Fy", "x%23y", "%25", "a".repeat(200), "%0A"]) {
      const response = await api(`/api/products/${probe}`, { cookie });
      expect(response.status, probe).toBeGreaterThanOrEqual(300);
      expect(response.status, probe).toBeLessThan(500);
      const body = await response.json().catch(() => null);
      if (body) expect(Object.keys(body).sort(), probe).toEqual(["error", "message"]);
    }
    expect(await serviceCalls()).toEqual({});
  });
});
