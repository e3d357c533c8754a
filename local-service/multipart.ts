// Reads a form body (multipart/form-data or urlencoded) with busboy, streaming files to disk so
// memory stays bounded whatever the upload size.
import busboy from "busboy";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ServiceError } from "./http";

export interface UploadedFile {
  field: string;
  path: string;
}

export interface FormBody {
  fields: Map<string, string>;
  files: UploadedFile[];
}

export interface FormOptions {
  /** Where file parts go; without it, file parts are read and discarded. */
  uploadDir?: string;
  maxFileBytes?: number;
}

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

export async function removeUploads(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

export async function readForm(req: IncomingMessage, options: FormOptions = {}): Promise<FormBody> {
  const type = req.headers["content-type"];
  if (!type) {
    req.resume();
    return { fields: new Map(), files: [] };
  }
  if (!FORM_TYPES.test(type)) {
    req.resume();
    throw new ServiceError(415, "Request body must be multipart/form-data or application/x-www-form-urlencoded");
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: options.maxFileBytes ?? 25 * 1024 * 1024, files: 20, fields: 200, fieldSize: 100_000 },
    });
  } catch {
    req.resume();
    throw new ServiceError(400, "Malformed form body: missing multipart boundary");
  }
  const body: FormBody = { fields: new Map(), files: [] };
  const writes: Promise<unknown>[] = [];
  const streams: NodeJS.ReadableStream[] = [];
  let failure: ServiceError | null = null;
  const fail = (error: ServiceError) => (failure ??= error);

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new ServiceError(413, `Form field ${name} is too long`));
    body.fields.set(name, value);
  });
  parser.on("file", (name, stream) => {
    if (!options.uploadDir) {
      stream.resume();
      return;
    }
    const file = { field: name, path: path.join(options.uploadDir, `upload-${randomBytes(8).toString("hex")}`) };
    body.files.push(file);
    streams.push(stream);
    stream.on("limit", () => fail(new ServiceError(413, `File ${name} is too large`)));
    writes.push(pipeline(stream, createWriteStream(file.path)));
  });
  parser.on("filesLimit", () => fail(new ServiceError(413, "Too many files in the form")));
  parser.on("fieldsLimit", () => fail(new ServiceError(413, "Too many fields in the form")));

  const done = new Promise<void>((resolve) => {
    const abort = (error: ServiceError) => {
      fail(error);
      req.unpipe(parser);
      req.resume();
      // Unfinished file parts would otherwise keep their writes pending forever.
      for (const stream of streams) (stream as unknown as { destroy(): void }).destroy();
      resolve();
    };
    parser.on("close", resolve);
    parser.on("error", () => abort(new ServiceError(400, "Malformed form body")));
    req.on("close", () => {
      if (!req.complete) abort(new ServiceError(400, "Request body ended early"));
    });
  });
  req.pipe(parser);
  await done;
  const results = await Promise.allSettled(writes);
  if (!failure && results.some((result) => result.status === "rejected"))
    fail(new ServiceError(400, "Malformed form body"));
  if (failure) {
    await removeUploads(body.files);
    throw failure;
  }
  return body;
}
