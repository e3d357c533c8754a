// A product with many finished shots, made the way a person makes one: created through the app's
// API with real PNG textures, its LoRA trained by the local service, then predictions sent in
// batches of variations and waited for until every one has its images.
import sharp from "sharp";
import { MAX_VARIATIONS } from "@/lib/schemas/limits";
import type { BenchContext } from "../context";

const TEXTURE_KEYS = ["label", "cap"];
const WAIT_STEP_MS = 500;

async function texture(): Promise<Blob> {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 47, g: 125, b: 109 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

async function until(what: string, seconds: number, check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < seconds * 1000; waited += WAIT_STEP_MS) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function createProduct(ctx: BenchContext, name: string): Promise<string> {
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", name);
  for (const [n, key] of TEXTURE_KEYS.entries()) {
    form.append(`texture[${n}]`, await texture(), `${key}.png`);
    form.append(`texture[${n}][key]`, key);
  }
  const response = await fetch(`${ctx.appUrl}/api/products`, {
    method: "POST",
    headers: { cookie: ctx.cookie, origin: ctx.appUrl },
    body: form,
  });
  if (response.status !== 201) throw new Error(`product create: HTTP ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

async function trainLora(ctx: BenchContext, productId: string): Promise<void> {
  const start = await ctx.app(`/api/products/${productId}/lora`, { method: "POST" });
  if (start.status !== 200) throw new Error(`LoRA start: HTTP ${start.status}`);
  await until(
    "the LoRA",
    120,
    async () =>
      ((await (await ctx.app(`/api/products/${productId}`)).json()) as { lora_enabled: number }).lora_enabled === 1,
  );
}

async function finishedCount(ctx: BenchContext, productId: string, count: number): Promise<number> {
  const page = (await (await ctx.app(`/api/predictions?product_id=${productId}&limit=200`)).json()) as {
    items: { images: string[] }[];
    total: number;
  };
  // Newest first: when the first page and the total agree, every one of them has its images.
  return page.total >= count && page.items.every((p) => p.images.length > 0) ? page.total : 0;
}

/** Creates a product with `count` finished predictions; answers its id. */
export async function seedProductWithShots(ctx: BenchContext, count: number): Promise<string> {
  const productId = await createProduct(ctx, "Lighthouse bottle");
  await trainLora(ctx, productId);
  for (let sent = 0; sent < count;) {
    const variations = Math.min(MAX_VARIATIONS, count - sent);
    const prompt = `bottle on a marble counter, take ${sent + 1}`;
    const body =
      variations === 1
        ? { product_id: productId, prompt, aspect_ratio: "1:1" }
        : { product_id: productId, prompt, aspect_ratio: "1:1", variations };
    const response = await ctx.app(variations === 1 ? "/api/predictions" : "/api/predictions/batch", { json: body });
    if (response.status !== 200 && response.status !== 201) throw new Error(`predictions: HTTP ${response.status}`);
    await response.arrayBuffer();
    sent += variations;
  }
  await until(`${count} finished predictions`, 300, async () => (await finishedCount(ctx, productId, count)) >= count);
  return productId;
}
