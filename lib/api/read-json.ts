import "server-only";
import { AppError } from "@/lib/errors";

const MAX_JSON_BYTES = 64 * 1024;

/** The request's JSON body, or a 400 in words; bodies over 64 KB are refused with 413. */
export async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "The request is too large.");
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "The request is too large.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
}

/** JSON, or the form fields of a urlencoded/multipart body, as a plain object of strings. */
export async function readJsonOrForm(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "The request is too large.");
    const form = await request.formData().catch(() => {
      throw new AppError("bad_request", "The form could not be read.");
    });
    const out: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string") out[key] = value;
    return out;
  }
  return readJson(request);
}
