import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import type { ExportOptions } from "@/lib/schemas/export-options";
import { formatById, imageFits, presetById } from "./channel-presets";

// One image made for a channel: resized to the preset's size (same ratio only: `contain` adds at
// most a pixel's band, never a crop) and encoded in the chosen format. A shot of another ratio
// is refused in words.

export interface ExportedImage {
  body: Buffer;
  contentType: string;
  extension: string;
}

const QUALITY = 90;

export async function exportImage(original: Buffer, options: ExportOptions): Promise<ExportedImage> {
  const preset = presetById(options.preset);
  const meta = await sharp(original, { limitInputPixels: 100_000_000 }).metadata().catch(() => {
    throw new AppError("bad_gateway", "The image service sent something that is not a readable image.");
  });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!imageFits(preset, width, height)) {
    throw new AppError(
      "bad_request",
      `${preset.label} needs a ${preset.ratio} shot; this one is ${width} × ${height}. Choose “Original size” or a ${preset.ratio} shot.`,
    );
  }
  const format = formatById(options.format ?? (meta.format === "png" ? "png" : meta.format === "webp" ? "webp" : "jpeg"));
  let image = sharp(original, { limitInputPixels: 100_000_000 }).rotate();
  if (preset.ratio) {
    image = image.resize(preset.width, preset.height, { fit: "contain", background: "#ffffff" });
  }
  if (preset.onWhite || format.id === "jpeg") image = image.flatten({ background: "#ffffff" });
  const encoded =
    format.id === "png" ? image.png() : format.id === "webp" ? image.webp({ quality: QUALITY }) : image.jpeg({ quality: QUALITY, mozjpeg: true });
  return { body: await encoded.toBuffer(), contentType: format.contentType, extension: format.extension };
}
