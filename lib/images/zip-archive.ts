import "server-only";
import { log } from "@/lib/log";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { isAppError } from "@/lib/errors";
import type { ExportOptions } from "@/lib/schemas/export-options";
import type { PredictionView } from "@/lib/types";
import { exportImage } from "./export-image";
import { fetchAssetBytes } from "./fetch-asset";
import { openSharpProcess, type SharpProcess, type SharpRunner } from "./sharp-process";
import { createZipNamer, extensionFor, imageBaseName } from "./file-names";

// A ZIP of a selection, streamed: images are fetched from the asset origin one at a time and
// piped into the archive, which the client's reading paces (backpressure), so memory holds about
// one image whatever the size of the selection. Stored, not deflated: JPEG and PNG are already
// compressed. Headers are sent before the first image is fetched, so an image that fails cannot
// turn into an error status: it is left out and named in a MISSING.txt entry at the end.

const CHUNK = 64 * 1024;

/** One file of the ZIP: an image of a shot, and where and how it goes in. */
export interface ZipEntry {
  view: Pick<PredictionView, "id" | "product_name" | "prompt" | "aspect_ratio">;
  imageIndex: number;
  url: string;
  /** The folder inside the ZIP (`a/b`, made of slugs); none: the top. */
  folder?: string;
  /** This entry made for a channel preset and format; none: the ZIP's own `exporting`, else the original. */
  exporting?: ExportOptions;
}

type Fetched = { bytes: Buffer; type: string | null } | { error: unknown };

/** With `exporting`, each image is made for that channel preset and format on the way in (unless its entry says otherwise). */
export function zipStream(
  entries: readonly ZipEntry[],
  signal?: AbortSignal,
  exporting?: ExportOptions,
): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ store: true });
  archive.on("warning", (warning) => log.warn({ err: warning }, "zip archive warning"));
  archive.on("error", (error) => log.error({ err: error }, "zip archive failed"));
  fill(archive, entries, signal, exporting).catch((error) => {
    log.error({ err: error }, "zip download stopped");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>;
}

async function fill(
  archive: ZipArchive,
  entries: readonly ZipEntry[],
  signal?: AbortSignal,
  exporting?: ExportOptions,
): Promise<void> {
  // One child process makes every channel copy of this ZIP, started for the first.
  let decoder: SharpProcess | null = null;
  const run: SharpRunner = (job) => (decoder ??= openSharpProcess()).run(job);
  try {
    await fillEntries(archive, entries, signal, exporting, run);
  } finally {
    (decoder as SharpProcess | null)?.close();
  }
}

async function fillEntries(
  archive: ZipArchive,
  entries: readonly ZipEntry[],
  signal: AbortSignal | undefined,
  exporting: ExportOptions | undefined,
  run: SharpRunner,
): Promise<void> {
  const name = createZipNamer();
  const missing: string[] = [];
  // The last image fetched: entries of one image side by side (a campaign's shot in two output
  // folders) fetch it once, and memory still holds one image (and one copy made of it).
  const last: { url: string | null; fetched: Fetched } = { url: null, fetched: { error: null } };
  for (const entry of entries) {
    if (signal?.aborted || archive.destroyed) return;
    const made = entry.exporting ?? exporting;
    // Read whole (one image, capped) before its entry starts: an image that breaks off midway
    // is then skipped cleanly instead of leaving a truncated entry in the archive.
    if (last.url !== entry.url) {
      last.url = entry.url;
      last.fetched = await fetchAssetBytes(entry.url).catch((error: unknown) => ({ error }));
    }
    const { fetched } = last;
    let bytes: Buffer;
    let extension: string;
    try {
      if ("error" in fetched) throw fetched.error;
      if (made) {
        const exported = await exportImage(fetched.bytes, made, run);
        bytes = exported.body;
        extension = exported.extension;
      } else {
        bytes = fetched.bytes;
        extension = extensionFor(fetched.type);
      }
    } catch (error) {
      const reason = isAppError(error) ? error.message : "it could not be fetched";
      const where = entry.folder ? `${entry.folder}/: ` : "";
      missing.push(`${where}${entry.view.id} image ${entry.imageIndex + 1} (${entry.url}): ${reason}`);
      continue;
    }
    const base = imageBaseName(entry.view);
    const file = made?.preset ? `${base}-${made.preset}` : base;
    await appendEntry(archive, bytes, name(entry.folder ? `${entry.folder}/${file}` : file, extension));
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
