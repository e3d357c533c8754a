import "server-only";
import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors";
import type { Product } from "@/lib/types";
import { timeCall } from "./call-metrics";
import { serviceConfig } from "./config";
import { requestIdHeader } from "./http";
import { assertSafeId, servicePath } from "./ids";
import { multipartBody, type Part } from "./multipart-body";
import { parseAnswer, reshapeProduct } from "./reshape";
import { rawProduct } from "./schemas";
import {
  connectionBroke,
  errorFromResponse,
  isTimeout,
  networkErrorCode,
  neverReachedService,
  timedOut,
  unreachable,
  unreadableAnswer,
} from "./service-errors";

// POST /product/: streams the spooled texture files to the service with back-pressure, through
// node:http so the body's length is known up front and progress can be reported. Never retried.

export interface TextureFile {
  key: string;
  filename: string;
  contentType: string;
  /** The spooled file on disk. */
  path: string;
  size: number;
}

export interface CreateProductInput {
  template_id: string;
  name: string;
  textures: TextureFile[];
}

export interface CreateProductOptions {
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** Abort the upload, e.g. when the browser went away. */
  signal?: AbortSignal;
}

const MAY_HAVE_HAPPENED = "The product may still have been created; check your products before trying again.";
const MAX_ANSWER_BYTES = 1024 * 1024;

export async function createProduct(input: CreateProductInput, options: CreateProductOptions = {}): Promise<Product> {
  const templateId = assertSafeId(input.template_id, "template id");
  if (input.textures.length === 0) throw new AppError("bad_request", "At least one texture is required");
  const parts: Part[] = [
    { kind: "field", name: "template_id", value: templateId },
    { kind: "field", name: "name", value: input.name },
  ];
  input.textures.forEach((t, n) => {
    parts.push({ kind: "file", name: `texture[${n}]`, filename: t.filename, contentType: t.contentType, path: t.path });
    parts.push({ kind: "field", name: `texture[${n}][key]`, value: t.key });
  });
  const body = await multipartBody(parts).catch(() => {
    throw new AppError("internal", "A texture file waiting to be sent could not be read");
  });
  const url = servicePath`/product/`;
  const call = timeCall("POST", url);
  const { status, retryAfter, text } = await send(url, body, options).catch((error: unknown) => {
    call.failed(error);
    throw error;
  });
  call.answered(status);
  const { token } = serviceConfig();
  if (status < 200 || status > 299) throw errorFromResponse(status, retryAfter, text, token);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unreadableAnswer(status);
  }
  const created = parseAnswer(rawProduct, json, "the new product");
  const product = reshapeProduct(created);
  // The create response is only promised to carry `id`; the rest is what the app sent.
  return {
    ...product,
    name: product.name ?? input.name,
    template_id: product.template_id ?? templateId,
  };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

async function send(
  url: string,
  body: Awaited<ReturnType<typeof multipartBody>>,
  { onProgress, signal }: CreateProductOptions,
): Promise<Answer> {
  const { token, timeoutMs } = serviceConfig();
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  const req = transport.request(target, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      "Content-Type": body.contentType,
      "Content-Length": String(body.length),
      ...requestIdHeader(),
    },
    signal,
  });
  // An idle timeout, not a total one: a large upload may take long, but never stall long.
  req.setTimeout(timeoutMs, () => {
    const error = new Error("upload timed out");
    error.name = "TimeoutError";
    req.destroy(error);
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: headerOf(res.headers["retry-after"]),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  let sent = 0;
  const progress = new Transform({
    transform(chunk: Buffer, _enc, done) {
      sent += chunk.length;
      onProgress?.(sent, body.length);
      done(null, chunk);
    },
  });
  // Never rejects: a failed upload also fails the request, and the answer's error says more.
  const uploaded = pipeline(Readable.from(body.chunks()), progress, req).then(
    () => null,
    (error: unknown) => error,
  );
  try {
    // The service may answer (an error, say) before reading the whole body: the answer wins.
    const result = await answer;
    if (!req.writableFinished) req.destroy();
    return result;
  } catch (error) {
    const uploadError = await uploaded;
    if (signal?.aborted) throw new AppError("bad_request", "The upload was cancelled");
    if (isTimeout(error)) throw timedOut(Math.round(timeoutMs / 100) / 10, MAY_HAVE_HAPPENED);
    if (neverReachedService(error)) throw unreachable();
    if (LOCAL_FILE_ERRORS.has(networkErrorCode(uploadError) ?? "")) {
      throw new AppError("internal", "A texture file waiting to be sent could not be read");
    }
    throw connectionBroke(MAY_HAVE_HAPPENED);
  }
}

const LOCAL_FILE_ERRORS = new Set(["ENOENT", "EACCES", "EISDIR", "EMFILE"]);

function headerOf(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
