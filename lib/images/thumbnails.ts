import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { createLimiter } from "@/lib/concurrency";
import { env } from "@/lib/env";
import { assetKey } from "@/lib/service";
import { AppError } from "@/lib/errors";
import { fetchAsset } from "./fetch-asset";
import { createThumbStore, type ThumbStore } from "./thumb-store";
import type { ThumbWidth } from "./thumb-url";
import { MAX_IMAGE_PIXELS } from "./pixel-limits";

// Downsized WebP copies of asset-origin images for the gallery grid, kept on disk under
// ${DATA_DIR}/thumbs/ up to THUMB_CACHE_MAX_BYTES (least recently used go first; an asset URL
// names one image, so a kept thumb never goes stale). Callers pass only images of predictions
// the app knows. Concurrent requests for one thumb share one fetch and resize; origin fetches run
// at most FETCH_SLOTS at a time (each holds up to 40 MB) and resizes SHARP_SLOTS at a time, so a
// grid of 60 new thumbs can take neither the memory nor both cores from everyone else.

const SHARP_SLOTS = 2;
const FETCH_SLOTS = 4;
const MAX_ORIGINAL_BYTES = 40 * 1024 * 1024;
const WEBP_QUALITY = 72;

export interface Thumbnail {
  body: Buffer;
  /** Strong ETag: the key names exactly one (src, width), whose thumb never changes. */
  etag: string;
  /** From disk (hit), made now by this request (miss), or made now for another request too (shared). */
  cache: "hit" | "miss" | "shared";
}

// Keyed by thumb; covers the disk read too, so requests arriving together never make it twice.
const inflight = new Map<string, Promise<Omit<Thumbnail, "etag">>>();

/** Named by the image's asset key, not its origin: a kept thumb still serves after the asset origin moves. */
export function thumbKey(src: string, width: ThumbWidth): string {
  return createHash("sha256")
    .update(`${width}\n${assetKey(src) ?? src}`)
    .digest("hex")
    .slice(0, 40);
}

export const thumbEtag = (key: string) => `"t-${key}"`;

let store: ThumbStore | null = null;
const thumbStore = () => (store ??= createThumbStore(path.join(env().DATA_DIR, "thumbs"), env().THUMB_CACHE_MAX_BYTES));

const withSharpSlot = createLimiter(SHARP_SLOTS);
const withFetchSlot = createLimiter(FETCH_SLOTS);

/** The thumb of `src` (which must be on the asset origin) at `width`, from disk or made now. */
export async function getThumbnail(src: string, width: ThumbWidth): Promise<Thumbnail> {
  const key = thumbKey(src, width);
  const shared = inflight.get(key);
  if (shared) {
    const result = await shared;
    return { ...result, etag: thumbEtag(key), cache: result.cache === "hit" ? "hit" : "shared" };
  }
  const pending = loadThumbnail(src, width, key).finally(() => inflight.delete(key));
  inflight.set(key, pending);
  return { ...(await pending), etag: thumbEtag(key) };
}

async function loadThumbnail(src: string, width: ThumbWidth, key: string): Promise<Omit<Thumbnail, "etag">> {
  const kept = await thumbStore().get(key);
  if (kept) return { body: kept, cache: "hit" };
  const body = await makeThumbnail(src, width);
  await thumbStore().put(key, body);
  return { body, cache: "miss" };
}

async function makeThumbnail(src: string, width: ThumbWidth): Promise<Buffer> {
  const original = await withFetchSlot(() => readOriginal(src));
  return withSharpSlot(() =>
    sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  ).catch(() => {
    throw new AppError("bad_gateway", "The image service sent an image that could not be read.");
  });
}

async function readOriginal(src: string): Promise<Buffer> {
  const response = await fetchAsset(src);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_ORIGINAL_BYTES) {
    await response.body?.cancel();
    throw new AppError("bad_gateway", "The image is too large to make a thumbnail of.");
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_ORIGINAL_BYTES)
    throw new AppError("bad_gateway", "The image is too large to make a thumbnail of.");
  return bytes;
}
