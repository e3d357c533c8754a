import "server-only";
import { log } from "@/lib/log";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ZipArchive } from "archiver";
import { isAppError } from "@/lib/errors";
import type { ZipImage } from "@/lib/studio/zip-selection";
import { fetchAsset } from "./fetch-asset";
import { createZipNamer, extensionFor, zipBaseName } from "./zip-names";

// A ZIP of a selection, streamed: images are fetched from the asset origin one at a time and
// piped into the archive, which the client's reading paces (backpressure), so memory holds about
// one image whatever the size of the selection. Stored, not deflated: JPEG and PNG are already
// compressed. Headers are sent before the first image is fetched, so an image that fails cannot
// turn into an error status: it is left out and named in a MISSING.txt entry at the end.

const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;

export function zipStream(images: readonly ZipImage[], signal?: AbortSignal): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ store: true });
  archive.on("warning", (warning) => log.warn({ err: warning }, "zip archive warning"));
  archive.on("error", (error) => log.error({ err: error }, "zip archive failed"));
  fill(archive, images, signal).catch((error) => {
    log.error({ err: error }, "zip download stopped");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>;
}

async function fill(archive: ZipArchive, images: readonly ZipImage[], signal?: AbortSignal): Promise<void> {
  const name = createZipNamer();
  const missing: string[] = [];
  for (const image of images) {
    if (signal?.aborted || archive.destroyed) return;
    let bytes: Buffer;
    let type: string | null;
    try {
      // Read whole (one image, capped) before its entry starts: an image that breaks off midway
      // is then skipped cleanly instead of leaving a truncated entry in the archive.
      const response = await fetchAsset(image.url);
      type = response.headers.get("content-type");
      bytes = await readCapped(response);
    } catch (error) {
      const reason = isAppError(error) ? error.message : "it could not be fetched";
      missing.push(`${image.view.id} image ${image.imageIndex + 1} (${image.url}): ${reason}`);
      continue;
    }
    await appendEntry(archive, bytes, name(zipBaseName(image.view), extensionFor(type)));
  }
  if (missing.length > 0) {
    const text = `These images could not be fetched and are not in this ZIP:\n\n${missing.join("\n")}\n`;
    await appendEntry(archive, Buffer.from(text, "utf8"), "MISSING.txt");
  }
  if (!archive.destroyed) await archive.finalize();
}

/** Appends one entry as a stream of chunks (so it is paced by the reader) and waits until it is in. */
function appendEntry(archive: ZipArchive, bytes: Buffer, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off("error", failed);
      resolve();
    };
    const failed = (error: Error) => {
      archive.off("entry", done);
      reject(error);
    };
    archive.once("entry", done);
    archive.once("error", failed);
    archive.append(Readable.from(chunks(bytes), { objectMode: false }), { name, date: new Date() });
  });
}

function* chunks(bytes: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}

async function readCapped(response: Response): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const part of response.body as unknown as WebReadableStream<Uint8Array>) {
    total += part.length;
    if (total > MAX_IMAGE_BYTES) throw new Error("image too large");
    parts.push(part);
  }
  return Buffer.concat(parts);
}
