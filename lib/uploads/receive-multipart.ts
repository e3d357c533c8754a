import busboy from "busboy";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, isAppError } from "@/lib/errors";
import { malformed, tooLarge, tooLargeRequest, tooMany } from "./upload-errors";

// Streams a multipart body through busboy: text fields into a map, each `texture[n]` file
// straight to `${dir}/${n}` with back-pressure, so memory stays bounded whatever the sizes.
// Every byte of the body is counted as it arrives, so the request's total is enforced too.

export interface SpooledFile {
  n: number;
  filename: string;
  path: string;
  size: number;
}

export interface Received {
  fields: Map<string, string>;
  files: SpooledFile[];
}

export interface ReceiveLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** The whole body: files, fields and multipart framing together. */
  maxRequestBytes: number;
  /** Runs once, before the first file is written: the fields sent so far can refuse the upload. */
  beforeFirstFile?: (fields: Map<string, string>) => void;
}

const FILE_FIELD = /^texture\[(\d{1,4})\]$/;
const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 64 * 1024;

export function receiveMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  dir: string,
  { maxFileBytes, maxFiles, maxRequestBytes, beforeFirstFile }: ReceiveLimits,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // busboy reports "limit" when a file reaches fileSize; one byte more lets a file of
        // exactly maxFileBytes through.
        limits: { fileSize: maxFileBytes + 1, files: maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch {
      reject(malformed()); // e.g. no boundary in the content type
      return;
    }
    const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    const fields = new Map<string, string>();
    const files = new Map<number, SpooledFile>();
    const fileStreams: Readable[] = [];
    const outs: WriteStream[] = [];
    const writes: Promise<void>[] = [];
    let failed = false;

    // Stop reading, stop every write, and only then report, so cleanup finds every file closed.
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      // With an error: busboy's file streams do not emit "close", so a plain destroy() would leave
      // a pipeline that had not yet drained its part waiting for ever.
      for (const stream of fileStreams) stream.destroy(refused);
      // Ending the disk side too makes every write settle, whichever side had not finished.
      for (const out of outs) out.destroy();
      void Promise.allSettled(writes).then(() => reject(error));
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError("bad_request", `The field ${name.slice(0, 40)} is too long`));
      if (fields.has(name)) return fail(new AppError("bad_request", `The field ${name.slice(0, 40)} was sent twice`));
      fields.set(name, value);
    });
    let checkedFields = false;
    parser.on("file", (name, stream, info) => {
      fileStreams.push(stream);
      stream.on("error", () => undefined); // the refusal above is the answer; this only ends the part
      if (failed) return void stream.resume();
      if (!checkedFields) {
        checkedFields = true;
        try {
          beforeFirstFile?.(fields);
        } catch (error) {
          stream.resume();
          return fail(isAppError(error) ? error : malformed());
        }
      }
      const match = FILE_FIELD.exec(name);
      if (!match) {
        stream.resume();
        return fail(new AppError("bad_request", `Unexpected file field ${JSON.stringify(name.slice(0, 40))}`));
      }
      const n = Number(match[1]);
      if (files.has(n)) {
        stream.resume();
        return fail(new AppError("bad_request", `texture[${n}] was sent twice`));
      }
      const file: SpooledFile = { n, filename: cleanFilename(info.filename), path: path.join(dir, String(n)), size: 0 };
      files.set(n, file);
      stream.on("limit", () => fail(tooLarge(`texture[${n}] (${file.filename})`, maxFileBytes)));
      const out = createWriteStream(file.path, { flags: "wx" });
      outs.push(out);
      writes.push(
        pipeline(stream, out).then(
          () => {
            file.size = out.bytesWritten;
          },
          // The browser's side of the stream broke, or our disk did: either way, not stored.
          (error: unknown) => fail(isBodyError(error) ? malformed() : notStored()),
        ),
      );
    });
    parser.on("filesLimit", () => fail(tooMany(maxFiles)));
    parser.on("fieldsLimit", () => fail(new AppError("bad_request", "The upload has too many fields")));
    parser.on("error", () => fail(malformed()));
    parser.on("close", () => {
      void Promise.all(writes).then(() => {
        if (!failed) resolve({ fields, files: [...files.values()].sort((a, b) => a.n - b.n) });
      });
    });
    source.on("error", () => fail(malformed()));
    let received = 0;
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxRequestBytes) fail(tooLargeRequest(maxRequestBytes));
    });
    source.pipe(parser);
  });
}

function isBodyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === "string" && /^E(NOSPC|ACCES|ROFS|MFILE|NOENT|DQUOT|IO)$/.test(code));
}

const refused = new Error("upload refused");

const notStored = () => new AppError("internal", "The upload could not be stored on the server");

// The name is only shown back and passed on to the service: no path, no control characters.
function cleanFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean;
}
