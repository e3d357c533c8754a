// Small shared helpers: the interface's date shape, ids, aspect ratios and prompt hashing.
import { createHash, randomBytes } from "node:crypto";

export const ASPECT_RATIOS = ["16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export function isAspectRatio(value: string | undefined): value is AspectRatio {
  return (ASPECT_RATIOS as readonly string[]).includes(value ?? "");
}

/**
 * Pixel size of an image at `ratio`: exactly `a:b`, long side at most 1536 px, both sides multiples
 * of 16 like an image model's latent grid (16:9 → 1536×864, 5:4 → 1520×1216, 1:1 → 1536×1536).
 */
/** The long edge of a generated image by default, as a real model's output. */
export const IMAGE_LONG_EDGE = 1536;

export function imageSize(ratio: AspectRatio, longEdge = IMAGE_LONG_EDGE): { width: number; height: number } {
  const [a, b] = ratio.split(":").map(Number);
  const unit = Math.max(1, Math.floor(longEdge / Math.max(a, b) / 16)) * 16;
  return { width: a * unit, height: b * unit };
}

/** `YYYY-MM-DD HH:MM:SS` in UTC (the document leaves the time zone unshown). */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}

/** Deterministic bytes from a string, so the same prompt always draws the same scene. */
export function hashBytes(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
