import "server-only";
import { log } from "@/lib/log";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { fetchAsset } from "./fetch-asset";
import type { ThumbWidth } from "./thumb-url";

// Downsized WebP copies of asset-origin images for the gallery grid, kept on disk under
// ${DATA_DIR}/thumbs/ forever (an asset URL names one image; it is not expected to change).
// Concurrent requests for one thumb share one fetch and resize; resizes run at most
// SHARP_SLOTS at a time so a grid of 60 new thumbs cannot take both cores from everyone else.

const SHARP_SLOTS = 2;
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

export function thumbKey(src: string, width: ThumbWidth): string {
  return createHash("sha256").update(`${width}\n${src}`).digest("hex").slice(0, 40);
}

export const thumbEtag = (key: string) => `"t-${key}"`;

function thumbFile(key: string): string {
  return path.join(env().DATA_DIR, "thumbs", key.slice(0, 2), `${key}.webp`);
}

/** The thumb of `src` (which must be on the asset origin) at `width`, from disk or made now. */
export async function getThumbnail(src: string, width: ThumbWidth): Promise<Thumbnail> {
  const key = thumbKey(src, width);
  const shared = inflight.get(key);
  if (shared) {
    const result = await shared;
    return { ...result, etag: thumbEtag(key), cache: result.cache === "hit" ? "hit" : "shared" };
  }
  const pending = loadThumbnail(src, width, thumbFile(key)).finally(() => inflight.delete(key));
  inflight.set(key, pending);
  return { ...(await pending), etag: thumbEtag(key) };
}

async function loadThumbnail(src: string, width: ThumbWidth, file: string): Promise<Omit<Thumbnail, "etag">> {
  const kept = await readFile(file).catch(() => null);
  if (kept) return { body: kept, cache: "hit" };
  return { body: await makeThumbnail(src, width, file), cache: "miss" };
}

async function makeThumbnail(src: string, width: ThumbWidth, file: string): Promise<Buffer> {
  const original = await readOriginal(src);
  const body = await withSharpSlot(() =>
    sharp(original, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  ).catch(() => {
    throw new AppError("bad_gateway", "The image service sent an image that could not be read.");
  });
  // Written under a temporary name and renamed, so a reader never sees half a file.
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, body);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    log.error({ err: error }, "could not keep a thumbnail on disk");
  }
  return body;
}

async function readOriginal(src: string): Promise<Buffer> {
  const response = await fetchAsset(src);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_ORIGINAL_BYTES) {
    await response.body?.cancel();
    throw new AppError("bad_gateway", "The image is too large to make a thumbnail of.");
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_ORIGINAL_BYTES) throw new AppError("bad_gateway", "The image is too large to make a thumbnail of.");
  return bytes;
}

let busy = 0;
const waiting: (() => void)[] = [];

async function withSharpSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SHARP_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}
