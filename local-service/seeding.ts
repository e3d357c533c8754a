// Seeds finished predictions quickly: one LoRA-ready sample product and a few pre-rendered images
// per aspect ratio, shared by many predictions with varied prompts and dates spread over months.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { ASPECT_RATIOS, newId } from "./format";
import { patternTexture } from "./previews";
import { writeProductImage } from "./product-images";
import type { PredictionRecord, ProductRecord, Store } from "./store";

const DAY = 86_400_000;
const SPREAD_DAYS = 180;
const IMAGES_PER_RATIO = 2;
const SETTINGS = [
  "at sunset on a rooftop",
  "on a sunny beach",
  "in a bright studio",
  "in a neon city at night",
  "in a misty forest",
  "on fresh snow",
  "in the desert at noon",
  "on a marble kitchen counter",
];
const DETAILS = [
  "with soft light",
  "with dramatic shadows",
  "editorial style",
  "wide angle",
  "macro detail",
  "pastel tones",
  "with water droplets",
];
const SUBJECTS = ["Sample bottle", "Our new bottle", "Limited edition bottle", "Eco bottle"];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function ensureSeedProduct(store: Store, now: number): Promise<ProductRecord> {
  const existing = store.seedProductId ? store.products.get(store.seedProductId) : undefined;
  if (existing) return existing;
  const id = newId("prd");
  const textures = [
    { key: "label", file: `tex-${id}-0.png`, colour: "#2f7d6d" },
    { key: "cap", file: `tex-${id}-1.png`, colour: "#d4a017" },
  ];
  for (const [slot, texture] of textures.entries()) {
    await writeFile(path.join(store.imagesDir, texture.file), await patternTexture(texture.colour, slot));
  }
  const product: ProductRecord = {
    id,
    name: "Sample bottle (seeded)",
    templateId: 1,
    textures: textures.map(({ key, file }) => ({ key, file })),
    createdAt: now - (SPREAD_DAYS + 10) * DAY,
    lora: { startedAt: now - (SPREAD_DAYS + 9) * DAY, durationMs: 20 * 60_000, stalled: false },
  };
  store.seedProductId = id;
  store.addProduct(product);
  return product;
}

const seedImage = (ratioIndex: number, variant: number) =>
  `seed-${ASPECT_RATIOS[ratioIndex].replace(":", "x")}-${variant}.jpg`;

async function ensureSeedImages(store: Store, product: ProductRecord): Promise<void> {
  for (const [ratioIndex, ratio] of ASPECT_RATIOS.entries()) {
    for (let variant = 0; variant < IMAGES_PER_RATIO; variant++) {
      const file = seedImage(ratioIndex, variant);
      if (await exists(path.join(store.imagesDir, file))) continue;
      const prompt = `${product.name} ${SETTINGS[(ratioIndex * IMAGES_PER_RATIO + variant) % SETTINGS.length]}`;
      await writeProductImage({ imagesDir: store.imagesDir, product, prompt, variant, ratio, file });
    }
  }
}

/** Adds `count` finished predictions; returns how many were added. */
export async function seedPredictions(store: Store, count: number, now = Date.now()): Promise<number> {
  if (count <= 0) return 0;
  const product = await ensureSeedProduct(store, now);
  await ensureSeedImages(store, product);
  const start = now - SPREAD_DAYS * DAY;
  const step = (SPREAD_DAYS * DAY) / count;
  const records: PredictionRecord[] = Array.from({ length: count }, (_, i) => {
    const ratioIndex = (i * 5 + (i >> 3)) % ASPECT_RATIOS.length;
    const createdAt = Math.floor(start + i * step);
    const images = i % 3 === 0 ? [0, 1] : [i % IMAGES_PER_RATIO];
    return {
      id: newId("pred"),
      productId: product.id,
      prompt: `${SUBJECTS[i % SUBJECTS.length]} ${SETTINGS[(i * 3) % SETTINGS.length]}, ${DETAILS[(i * 7 + (i >> 2)) % DETAILS.length]} #${i + 1}`,
      aspectRatio: ASPECT_RATIOS[ratioIndex],
      createdAt,
      dueAt: createdAt + 45_000,
      modifiedAt: createdAt + 45_000,
      images: images.map((variant) => seedImage(ratioIndex, variant)),
      stalled: false,
    };
  });
  store.addPredictions(records);
  return count;
}

/** Tops up to at least `minimum` finished predictions. */
export async function ensureFinishedPredictions(store: Store, minimum: number): Promise<number> {
  let finished = 0;
  for (const prediction of store.predictions.values()) if (prediction.images.length > 0) finished++;
  return seedPredictions(store, minimum - finished);
}
