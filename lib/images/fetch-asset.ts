import "server-only";
import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, isAppError } from "@/lib/errors";
import { isAssetUrl } from "@/lib/service";

const ASSET_TIMEOUT_MS = 30_000;
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif)$/;

/**
 * An image from the service's asset origin, and only from there: the app never fetches a URL a
 * browser chose elsewhere (no open proxy). The service's token is not sent: it belongs to the
 * API, and the interface does not say assets need it.
 */
export async function fetchAsset(src: string | null): Promise<Response> {
  if (!src || !isAssetUrl(src)) {
    throw new AppError("bad_request", "Only images of the image service can be fetched here.");
  }
  let response: Response;
  try {
    response = await fetch(src, { redirect: "error", signal: AbortSignal.timeout(ASSET_TIMEOUT_MS) });
  } catch {
    throw new AppError("bad_gateway", "The image could not be fetched from the image service.");
  }
  if (response.status === 404) throw new AppError("not_found", "That image does not exist (any more).");
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!response.ok || !response.body || !IMAGE_TYPES.test(type)) {
    await response.body?.cancel();
    throw new AppError("bad_gateway", `The image service did not send an image (HTTP ${response.status}).`);
  }
  return response;
}

const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

/** An asset-origin image read whole (capped at 50 MB), with its content type. */
export async function fetchAssetBytes(src: string | null): Promise<{ bytes: Buffer; type: string | null }> {
  const response = await fetchAsset(src);
  const type = response.headers.get("content-type");
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += part.length;
    if (total > MAX_IMAGE_BYTES) throw new AppError("bad_gateway", "The image is larger than 50 MB.");
    parts.push(part);
  }
  return { bytes: Buffer.concat(parts), type };
}

/**
 * An asset-origin image written to `file` as it arrives (capped at 50 MB, like fetchAssetBytes),
 * so that it is never whole in this process's memory.
 */
export async function fetchAssetToFile(src: string | null, file: string): Promise<void> {
  const response = await fetchAsset(src);
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > MAX_IMAGE_BYTES) done(new AppError("bad_gateway", "The image is larger than 50 MB."));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      cap,
      createWriteStream(file, { flags: "wx" }),
    );
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("bad_gateway", "The image could not be fetched from the image service.");
  }
}
