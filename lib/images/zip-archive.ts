import "server-only";
import { log } from "@/lib/log";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { isAppError } from "@/lib/errors";
import type { ZipImage } from "@/lib/studio/zip-selection";
import type { ExportOptions } from "@/lib/schemas/export-options";
import { exportImage } from "./export-image";
import { fetchAssetBytes } from "./fetch-asset";
import { createZipNamer, extensionFor, imageBaseName } from "./file-names";

// A ZIP of a selection, streamed: images are fetched from the asset origin one at a time and
// piped into the archive, which the client's reading paces (backpressure), so memory holds about
// one image whatever the size of the selection. Stored, not deflated: JPEG and PNG are already
// compressed. Headers are sent before the first image is fetched, so an image that fails cannot
// turn into an error status: it is left out and named in a MISSING.txt entry at the end.

const CHUNK = 64 * 1024;

/** With `exporting`, each image is made for that channel preset and format on the way in. */
export function zipStream(images: readonly ZipImage[], signal?: AbortSignal, exporting?: ExportOptions): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ store: true });
  archive.on("warning", (warning) => log.warn({ err: warning }, "zip archive warning"));
  archive.on("error", (error) => log.error({ err: error }, "zip archive failed"));
  fill(archive, images, signal, exporting).catch((error) => {
    log.error({ err: error }, "zip download stopped");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>;
}

async function fill(archive: ZipArchive, images: readonly ZipImage[], signal?: AbortSignal, exporting?: ExportOptions): Promise<void> {
  const name = createZipNamer();
  const missing: string[] = [];
  for (const image of images) {
    if (signal?.aborted || archive.destroyed) return;
    let bytes: Buffer;
    let extension: string;
    try {
      // Read whole (one image, capped) before its entry starts: an image that breaks off midway
      // is then skipped cleanly instead of leaving a truncated entry in the archive.
      const fetched = await fetchAssetBytes(image.url);
      if (exporting) {
        const made = await exportImage(fetched.bytes, exporting);
        bytes = made.body;
        extension = made.extension;
      } else {
        bytes = fetched.bytes;
        extension = extensionFor(fetched.type);
      }
    } catch (error) {
      const reason = isAppError(error) ? error.message : "it could not be fetched";
      missing.push(`${image.view.id} image ${image.imageIndex + 1} (${image.url}): ${reason}`);
      continue;
    }
    const base = imageBaseName(image.view);
    await appendEntry(archive, bytes, name(exporting?.preset ? `${base}-${exporting.preset}` : base, extension));
  }
  if (missing.length > 0) {
    const text = `These images could not be fetched or made and are not in this ZIP:\n\n${missing.join("\n")}\n`;
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
