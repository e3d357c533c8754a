import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";

type Ratio = "16:9" | "3:2" | "5:4" | "1:1" | "4:5" | "2:3" | "9:16";

/** The generation area of a product page whose LoRA is ready: the form and the product's shots. */
export class GenerateArea {
  readonly prompt: Locator;
  readonly generateButton: Locator;
  readonly shots: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByLabel("Prompt");
    this.generateButton = page.getByRole("button", { name: "Generate", exact: true });
    this.shots = page.getByRole("region", { name: "Product shots" }).getByRole("article");
  }

  async goto(productId: string) {
    await this.page.goto(`/products/${productId}`);
    await expect(this.prompt).toBeVisible();
  }

  /** The radio of a ratio, named as a person reads it ("16:9 Landscape"). */
  ratio(value: Ratio): Locator {
    return this.page.getByRole("group", { name: "Aspect ratio" }).getByRole("radio", { name: new RegExp(`^${value} `) });
  }

  async generate(prompt: string, ratio: Ratio) {
    await this.prompt.fill(prompt);
    await this.ratio(ratio).check();
    await this.generateButton.click();
  }

  /** The product's shots made from this prompt, newest first. */
  shot(prompt: string): Locator {
    return this.page.getByRole("article", { name: prompt });
  }
}

// ---- Setting the scene through the app's own API (for journeys that are not about these steps).

/** A real PNG texture of the recommended 1024×1024, a coloured gradient made with sharp. */
export async function texturePng(hue = 200, size = 1024): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="white" fill-opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface ProductBody {
  id: string;
  name: string | null;
  lora_enabled: 0 | 1;
  template_id: string | null;
}

/**
 * A product whose LoRA is ready: the newest such product the app already has, else a new one.
 * Reusing keeps journeys under the service's LoRA start limit (429 after a few starts a minute).
 */
export async function readyProduct(request: APIRequestContext, name: string): Promise<ProductBody & { name: string }> {
  const page = (await (await request.get("/api/products?lora=ready&limit=20")).json()) as { items: ProductBody[] };
  const ready = page.items.find((p) => p.lora_enabled === 1 && p.name);
  if (ready) return ready as ProductBody & { name: string };
  return { ...(await createReadyProduct(request, name)), name };
}

/** Creates a product from the first LoRA-capable template, one small texture per slot. */
export async function createProductThroughApi(request: APIRequestContext, name: string): Promise<ProductBody> {
  const templates = (await (await request.get("/api/templates?lora=available")).json()) as { id: string }[];
  expect(templates.length).toBeGreaterThan(0);
  const template = (await (await request.get(`/api/templates/${templates[0].id}`)).json()) as {
    id: string;
    texture_slots: { key: string }[];
  };
  const keys = template.texture_slots.length ? template.texture_slots.map((s) => s.key) : ["texture"];
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    template_id: template.id,
    name,
  };
  for (const [n, key] of keys.entries()) {
    multipart[`texture[${n}]`] = { name: `${key}.png`, mimeType: "image/png", buffer: await texturePng(40 * n + 180) };
    multipart[`texture[${n}][key]`] = key;
  }
  const created = await request.post("/api/products", { multipart });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ProductBody;
}

/** Starts the product's LoRA training, waiting out the service's start limit (429). */
export async function startTraining(request: APIRequestContext, productId: string): Promise<void> {
  let lora = await request.post(`/api/products/${productId}/lora`);
  for (let tries = 0; lora.status() === 429 && tries < 5; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (Number(lora.headers()["retry-after"]) || 5 * 2 ** tries)));
    lora = await request.post(`/api/products/${productId}/lora`);
  }
  expect(lora.ok(), await lora.text()).toBe(true);
}

/** Creates a product from the first LoRA-capable template and waits until its LoRA is ready. */
export async function createReadyProduct(request: APIRequestContext, name: string): Promise<ProductBody> {
  const product = await createProductThroughApi(request, name);
  await startTraining(request, product.id);
  await expect
    .poll(async () => ((await (await request.get(`/api/products/${product.id}`)).json()) as ProductBody).lora_enabled, {
      timeout: 120_000,
      intervals: [1_000, 2_000],
    })
    .toBe(1);
  return { ...product, lora_enabled: 1 };
}

/** Starts a prediction through the API; returns its id. */
export async function createPrediction(request: APIRequestContext, productId: string, prompt: string, ratio: Ratio) {
  const response = await request.post("/api/predictions", { data: { product_id: productId, prompt, aspect_ratio: ratio } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Waits until the prediction has its images; returns them. */
export async function waitForImages(request: APIRequestContext, id: string): Promise<string[]> {
  let images: string[] = [];
  await expect
    .poll(
      async () => {
        images = ((await (await request.get(`/api/predictions/${id}`)).json()) as { images: string[] }).images;
        return images.length;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  return images;
}
