import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import type { ExportOptions } from "@/lib/schemas/export-options";
import { formatById, imageFits, presetById } from "./channel-presets";
import { withDecodeSlot } from "./export-gate";
import { MAX_IMAGE_PIXELS, megapixels } from "./pixel-limits";

// One image made for a channel: resized to the preset's size (same ratio only: `contain` adds at
// most a pixel's band, never a crop) and encoded in the chosen format. A shot of another ratio
// is refused in words, and so is one over the app's pixel bound (read from its header, before
// decoding). The decoding waits for one of the process's export slots (export-gate.ts).

export interface ExportedImage {
  body: Buffer;
  contentType: string;
  extension: string;
}

const QUALITY = 90;

export async function exportImage(original: Buffer, options: ExportOptions): Promise<ExportedImage> {
  const preset = presetById(options.preset);
  // The header only: no pixel is decoded to learn the size.
  const meta = await sharp(original).metadata().catch(() => {
    throw new AppError("bad_gateway", "The image service sent something that is not a readable image.");
  });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      "payload_too_large",
      `This image is ${width} × ${height} pixels (${megapixels(width, height)} megapixels); channel copies are made of images up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Download it at its original size instead.`,
    );
  }
  if (!imageFits(preset, width, height)) {
    throw new AppError(
      "bad_request",
      `${preset.label} needs a ${preset.ratio} shot; this one is ${width} × ${height}. Choose “Original size” or a ${preset.ratio} shot.`,
    );
  }
  const format = formatById(options.format ?? (meta.format === "png" ? "png" : meta.format === "webp" ? "webp" : "jpeg"));
  return withDecodeSlot(() => encode(original, preset, format));
}

async function encode(original: Buffer, preset: ReturnType<typeof presetById>, format: ReturnType<typeof formatById>): Promise<ExportedImage> {
  let image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  if (preset.ratio) {
    image = image.resize(preset.width, preset.height, { fit: "contain", background: "#ffffff" });
  }
  if (preset.onWhite || format.id === "jpeg") image = image.flatten({ background: "#ffffff" });
  const encoded =
    format.id === "png" ? image.png() : format.id === "webp" ? image.webp({ quality: QUALITY }) : image.jpeg({ quality: QUALITY, mozjpeg: true });
  return { body: await encoded.toBuffer(), contentType: format.contentType, extension: format.extension };
}
