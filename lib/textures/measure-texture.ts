import "server-only";
import { open } from "node:fs/promises";
import sharp, { type SharpOptions } from "sharp";
import { MAX_IMAGE_PIXELS } from "@/lib/images/pixel-limits";
import { runInSharpProcess, type SharpRunner } from "@/lib/images/sharp-process";
import { encodingOf, type Encoding } from "./encoding";
import { estimateJpegQuality, JPEG_HEAD_BYTES } from "./jpeg-quality";
import {
  blockiness,
  differenceHash,
  luminance,
  sharpness,
  tone,
  warmth,
  type Grey,
  type ToneMeasures,
} from "./pixel-measures";

// Everything the advisor measures on one texture file, with bounded memory: the file is decoded
// once shrunk to at most ANALYSIS_PX on its long side (JPEG shrinks while decoding), and, for a
// lossy file that is not a JPEG with readable tables, once more for a small full-size crop where
// compression blocks can still be seen. No full-size pixel buffer ever reaches JavaScript, and the decoding itself
// runs in a child process (lib/images/sharp-process.ts): the server reads only the header.

/** The long side the tone, focus and hash are measured at: the size the interface recommends. */
export const ANALYSIS_PX = 1024;
/** The centre crop, at full size, that blockiness is measured on. */
export const BLOCK_CROP_PX = 512;
/** Larger images are not decoded: the app's one bound (lib/images/pixel-limits.ts). */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

export interface TextureMeasures {
  width: number;
  height: number;
  format: string;
  tone: ToneMeasures;
  sharpness: number;
  /** From the file's encoding, not its pixels: a PNG is lossless whatever it shows. */
  encoding: Encoding;
  /** Steps on the 8-pixel grid ÷ steps elsewhere; measured on lossy files only (1 otherwise). */
  blockiness: number;
  /** null for a format other than JPEG, or tables no standard quality matches. */
  jpegQuality: number | null;
  warmth: number | null;
  hash: string;
}

const input = (): SharpOptions => ({ limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });

/** `run` runs the decoding pipelines; by default each in a child process of its own. */
export async function measureTexture(path: string, run: SharpRunner = runInSharpProcess): Promise<TextureMeasures> {
  const meta = await sharp(path, input()).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const format = meta.format ?? "unknown";
  // Transparent parts are shown on mid grey: neither black nor white, so they do not count as clipped.
  const { data, info } = await run({
    file: path,
    input: input(),
    steps: [
      ["resize", ANALYSIS_PX, ANALYSIS_PX, { fit: "inside", withoutEnlargement: true }],
      ["flatten", { background: "#808080" }],
      ["toColourspace", "srgb"],
      ["raw"],
    ],
  });
  const grey = luminance(data, info.width, info.height, info.channels);
  const downscaled = info.width !== width || info.height !== height;
  const head = await readHead(path);
  const encoding = encodingOf(format, head);
  const jpegQuality = format === "jpeg" ? estimateJpegQuality(head) : null;
  // A JPEG's own tables say how hard it was compressed; the pixels are looked at for blocks only
  // in a lossy file whose tables say nothing (a lossy WebP, a JPEG with tables we cannot read).
  // A lossless file has no compression to find, whatever regular pattern its pixels hold.
  let blocks = 1;
  if (encoding === "lossy" && jpegQuality === null) {
    blocks = blockiness(downscaled ? await fullSizeCrop(run, path, width, height) : grey);
  }
  return {
    width,
    height,
    format,
    tone: tone(grey),
    sharpness: sharpness(grey),
    encoding,
    blockiness: blocks,
    jpegQuality,
    warmth: warmth(data, grey, info.channels),
    hash: differenceHash(grey),
  };
}

async function fullSizeCrop(run: SharpRunner, path: string, width: number, height: number): Promise<Grey> {
  // Corner on a multiple of 16 so the crop keeps the file's own 8×8 (and 16×16 chroma) grid.
  // A quarter of the way down rather than the centre: the decoder reads the rows above the crop
  // too, so this halves the work while staying off the edge, where backgrounds tend to be plain.
  const w = Math.min(BLOCK_CROP_PX, width);
  const h = Math.min(BLOCK_CROP_PX, height);
  const left = Math.floor((width - w) / 2 / 16) * 16;
  const top = Math.floor((height - h) / 4 / 16) * 16;
  const { data, info } = await run({
    file: path,
    input: input(),
    steps: [
      ["extract", { left, top, width: w, height: h }],
      ["flatten", { background: "#808080" }],
      ["toColourspace", "srgb"],
      ["raw"],
    ],
  });
  return luminance(data, info.width, info.height, info.channels);
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(JPEG_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, JPEG_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
