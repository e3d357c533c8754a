// Turns uploaded texture parts (texture[n] + texture[n][key]) into stored, verified image files.
import { rename } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { ServiceError } from "./http";
import type { FormBody } from "./multipart";
import type { TextureRecord } from "./store";

/** Extension per accepted format; the format comes from the file's bytes, never its name. */
const EXTENSIONS: Record<string, string> = { png: ".png", jpeg: ".jpg", webp: ".webp", gif: ".gif", tiff: ".tif" };

async function imageExtension(file: string): Promise<string | null> {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) return null;
    if (meta.format === "heif" && meta.compression === "av1") return ".avif";
    return EXTENSIONS[meta.format ?? ""] ?? null;
  } catch {
    return null;
  }
}

/** Validates every texture and moves it into the images folder; throws 400 on the first bad one. */
export async function storeTextures(form: FormBody, productId: string, imagesDir: string): Promise<TextureRecord[]> {
  const uploads = form.files
    .map((file) => ({ file, index: /^texture\[(\d+)\]$/.exec(file.field)?.[1] }))
    .filter((entry): entry is { file: (typeof form.files)[number]; index: string } => entry.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index));
  if (uploads.length === 0) throw new ServiceError(400, "At least one texture file is required (texture[0])");
  // Two parts for one index would be stored under one file name, the second replacing the first.
  const repeated = uploads.find((entry, i) => i > 0 && uploads[i - 1].index === entry.index);
  if (repeated) throw new ServiceError(400, `texture[${repeated.index}] was sent more than once`);
  const checked = [];
  for (const { file, index } of uploads) {
    const key = form.fields.get(`texture[${index}][key]`)?.trim();
    if (!key) throw new ServiceError(400, `texture[${index}][key] is required`);
    const extension = await imageExtension(file.path);
    if (!extension) {
      throw new ServiceError(400, `texture[${index}] is not a supported image (PNG, JPEG, WebP, GIF, TIFF or AVIF)`);
    }
    checked.push({ file, key, name: `tex-${productId}-${index}${extension}` });
  }
  for (const { file, name } of checked) await rename(file.path, path.join(imagesDir, name));
  return checked.map(({ key, name }) => ({ key, file: name }));
}
