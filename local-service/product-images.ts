// Renders one generated image of a product: its own textures on its template's silhouette,
// in the scene its prompt describes, written atomically into the images folder.
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { findTemplate } from "./catalogue";
import { type AspectRatio, hashBytes, imageSize } from "./format";
import { sceneFor } from "./palette";
import { renderScene } from "./render";
import { SHAPES } from "./shapes";
import type { ProductRecord } from "./store";

/** 1 to 4 images per prediction, always the same number for the same prompt. */
export const imageCount = (prompt: string) => 1 + (hashBytes(prompt)[31] % 4);

/** Texture file per template slot: the upload with the slot's key, else uploads in order. */
export function textureFilesBySlot(product: ProductRecord, imagesDir: string): string[] {
  const template = findTemplate(product.templateId);
  const slots = template?.textures ?? [{ key: product.textures[0]?.key ?? "" }];
  return slots.map((slot, i) => {
    const texture = product.textures.find((t) => t.key === slot.key) ?? product.textures[i % product.textures.length];
    return path.join(imagesDir, texture.file);
  });
}

export interface ProductImageJob {
  imagesDir: string;
  product: ProductRecord;
  prompt: string;
  variant: number;
  ratio: AspectRatio;
  file: string;
  /** Long edge in pixels (IMAGE_LONG_EDGE unless the service is set to draw smaller). */
  longEdge?: number;
}

export async function writeProductImage(job: ProductImageJob): Promise<void> {
  const template = findTemplate(job.product.templateId);
  const image = await renderScene({
    ...imageSize(job.ratio, job.longEdge),
    regions: SHAPES[template?.shape ?? "poster"],
    textures: textureFilesBySlot(job.product, job.imagesDir),
    scene: sceneFor(job.prompt, job.variant),
    format: "jpeg",
  });
  const target = path.join(job.imagesDir, job.file);
  await writeFile(`${target}.tmp`, image);
  await rename(`${target}.tmp`, target);
}
