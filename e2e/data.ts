import { expect, type APIRequestContext } from "@playwright/test";
import type { LocalServiceControl } from "./fixtures";
import { gradientPng } from "./images";
import { imageCount } from "../local-service/product-images";

// Setting the scene through the app's own API, for journeys that are not about these steps.
// Each journey makes its own products and shots (e2e/fixtures.ts hands them out), so no journey
// depends on what another one left behind.

export type Ratio = "16:9" | "3:2" | "5:4" | "1:1" | "4:5" | "2:3" | "9:16";

export interface ProductBody {
  id: string;
  name: string | null;
  lora_enabled: 0 | 1;
  template_id: string | null;
}

export interface Shot {
  id: string;
  prompt: string;
  aspect_ratio: Ratio;
  /** The asset URLs of the finished images (1–4). */
  images: string[];
}

/** Creates a product from the first LoRA-capable template, one real 1024×1024 PNG per slot. */
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
    multipart[`texture[${n}]`] = { name: `${key}.png`, mimeType: "image/png", buffer: await gradientPng(40 * n + 180) };
    multipart[`texture[${n}][key]`] = key;
  }
  const created = await request.post("/api/products", { multipart });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ProductBody;
}

/** Starts the product's LoRA training, waiting out the service's start limit (429) as it asks. */
export async function startTraining(request: APIRequestContext, productId: string): Promise<void> {
  let lora = await request.post(`/api/products/${productId}/lora`);
  // Journeys run with a high start limit; a 429 is still answered by waiting as long as it says.
  for (let tries = 0; lora.status() === 429 && tries < 3; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (Number(lora.headers()["retry-after"]) || 1)));
    lora = await request.post(`/api/products/${productId}/lora`);
  }
  expect(lora.ok(), await lora.text()).toBe(true);
}

/** Waits until the app reads the product's LoRA as ready. */
export async function waitForReady(request: APIRequestContext, productId: string, timeout = 120_000): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/api/products/${productId}`)).json()) as ProductBody).lora_enabled, {
      timeout,
      intervals: [250, 500, 1_000],
    })
    .toBe(1);
}

/**
 * Trains the product through the app and, with the local service at hand, has the service finish
 * the training at once (the journeys about training itself do not use this).
 */
export async function trainProduct(request: APIRequestContext, productId: string, service?: LocalServiceControl) {
  await startTraining(request, productId);
  if (service) await service.post(`/lora/${productId}/finish`, {});
  await waitForReady(request, productId);
}

/** Creates a product from the first LoRA-capable template and waits until its LoRA is ready. */
export async function createReadyProduct(
  request: APIRequestContext,
  name: string,
  service?: LocalServiceControl,
): Promise<ProductBody> {
  const product = await createProductThroughApi(request, name);
  await trainProduct(request, product.id, service);
  return { ...product, lora_enabled: 1 };
}

/** Starts a prediction through the API; returns its id. */
export async function createPrediction(request: APIRequestContext, productId: string, prompt: string, ratio: Ratio) {
  const response = await request.post("/api/predictions", {
    data: { product_id: productId, prompt, aspect_ratio: ratio },
  });
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
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBeGreaterThan(0);
  return images;
}

/**
 * Waits until nothing is being made at the service (stalled shots aside) and the gallery's index
 * has read the service's whole list: from then on, counts across the installation change only by
 * what the journey itself does.
 */
export async function settleInstallation(request: APIRequestContext, service: LocalServiceControl): Promise<void> {
  await expect
    .poll(async () => ((await service.get("/predictions/under-way")) as { count: number }).count, { timeout: 60_000 })
    .toBe(0);
  // A refresh asked for within 10 s of another is refused with 429, and one that finds the
  // background read already under way answers `refreshed: false`: ask again until one runs.
  await expect
    .poll(
      async () => {
        const response = await request.post("/api/predictions/refresh");
        return response.ok() && ((await response.json()) as { refreshed: boolean }).refreshed;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);
}

/** A campaign as the journeys read it (GET /api/campaigns/{id}). */
export interface CampaignBody {
  id: string;
  name: string;
  status: "training" | "running" | "paused" | "done" | "cancelled" | "failed";
  total: number;
  ready: number;
  cells: {
    product_id: string;
    prompt_index: number;
    aspect_ratio: Ratio;
    state: string;
    prediction_id: string | null;
    images: number;
  }[];
}

/** Starts a campaign through the API (as the form would) and waits until it is done. */
export async function createDoneCampaign(
  request: APIRequestContext,
  body: {
    name: string;
    product_ids: string[];
    prompts: string[];
    aspect_ratios?: Ratio[];
    channels?: string[];
    variations?: number;
  },
): Promise<CampaignBody> {
  const started = await request.post("/api/campaigns", { data: body });
  expect(started.status(), await started.text()).toBe(201);
  return waitForCampaign(request, ((await started.json()) as CampaignBody).id, "done");
}

/** Waits until the campaign has the status; returns it as it then stands. */
export async function waitForCampaign(
  request: APIRequestContext,
  id: string,
  status: CampaignBody["status"],
  timeout = 120_000,
): Promise<CampaignBody> {
  let campaign: CampaignBody | undefined;
  await expect
    .poll(
      async () => {
        campaign = (await (await request.get(`/api/campaigns/${encodeURIComponent(id)}`)).json()) as CampaignBody;
        return campaign.status;
      },
      { timeout, intervals: [500, 1_000] },
    )
    .toBe(status);
  return campaign!;
}

/** A prompt, `base` with a number added, for which the local service makes exactly `images` images. */
export function promptWithImages(base: string, images: number): string {
  for (let n = 1; ; n++) if (imageCount(`${base} ${n}`) === images) return `${base} ${n}`;
}
