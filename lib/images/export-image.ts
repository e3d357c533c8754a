import "server-only";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import type { ExportOptions } from "@/lib/schemas/export-options";
import { formatById, imageFits, presetById } from "@/lib/schemas/channel-presets";
import { withDecodeSlot } from "./export-gate";
import { fetchAssetToFile } from "./fetch-asset";
import { MAX_IMAGE_PIXELS, megapixels } from "./pixel-limits";
import { runInSharpProcess, type SharpJob, type SharpRunner } from "./sharp-process";

// One image made for a channel: resized to the preset's size (same ratio only: `contain` adds at
// most a pixel's band, never a crop) and encoded in the chosen format. A shot of another ratio
// is refused in words, and so is one over the app's pixel bound (read from its header, before
// decoding). The decoding waits for one of the process's export slots (export-gate.ts) and runs in
// a child process (sharp-process.ts): six exports at once of a 40-megapixel shot, read into memory
// and decoded in the server, grew it by 240 MB and kept GET /api/health waiting for seconds.

export interface ExportedImage {
  body: Buffer;
  contentType: string;
  extension: string;
}

const QUALITY = 90;

/**
 * A shot of the asset origin made for a channel (GET /api/images/download): fetched into a private
 * file as it arrives, so that six at once do not hold six originals in the server's memory.
 */
export function exportAsset(
  src: string,
  options: ExportOptions,
  run: SharpRunner = runInSharpProcess,
): Promise<ExportedImage> {
  return withPrivateFolder(async (dir) => {
    const file = path.join(dir, "original");
    await fetchAssetToFile(src, file);
    return exportImage(file, options, run);
  });
}

/** `original`: the image's bytes, or the path of its file. `run` runs the decoding; by default in a child process of its own. */
export async function exportImage(
  original: Buffer | string,
  options: ExportOptions,
  run: SharpRunner = runInSharpProcess,
): Promise<ExportedImage> {
  const preset = presetById(options.preset);
  // The header only: no pixel is decoded to learn the size.
  const meta = await sharp(original)
    .metadata()
    .catch(() => {
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
  const format = formatById(
    options.format ?? (meta.format === "png" ? "png" : meta.format === "webp" ? "webp" : "jpeg"),
  );
  return withDecodeSlot(() => encode(original, preset, format, run));
}

async function encode(
  original: Buffer | string,
  preset: ReturnType<typeof presetById>,
  format: ReturnType<typeof formatById>,
  run: SharpRunner,
): Promise<ExportedImage> {
  const steps: SharpJob["steps"] = [["rotate"]];
  if (preset.ratio) steps.push(["resize", preset.width, preset.height, { fit: "contain", background: "#ffffff" }]);
  if (preset.onWhite || format.id === "jpeg") steps.push(["flatten", { background: "#ffffff" }]);
  steps.push(
    format.id === "png"
      ? ["png"]
      : format.id === "webp"
        ? ["webp", { quality: QUALITY }]
        : ["jpeg", { quality: QUALITY, mozjpeg: true }],
  );
  const input = { limitInputPixels: MAX_IMAGE_PIXELS };
  const made = (file: string) => run({ file, input, steps });
  // The child reads files: bytes in memory go to a private folder for the while.
  const { data } = await (typeof original === "string"
    ? made(original)
    : withPrivateFolder(async (dir) => {
        const file = path.join(dir, "original");
        await writeFile(file, original);
        return made(file);
      }));
  return { body: data, contentType: format.contentType, extension: format.extension };
}

async function withPrivateFolder<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "studio-export-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
