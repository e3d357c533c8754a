import "server-only";
import { AppError } from "@/lib/errors";
import { readBodyBounded } from "./read-body";

/** The limit of every JSON or form body the API reads (uploads have their own, lib/uploads). */
export const MAX_JSON_BYTES = 64 * 1024;

/** The request's JSON body, or a 400 in words; a body passing `maxBytes` (64 KB) is refused with 413 while it streams. */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyBounded(request, maxBytes));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
}

/** JSON, or the form fields of a urlencoded/multipart body, as a plain object of strings. */
export async function readJsonOrForm(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
    return readJson(request);
  }
  // Bounded first: formData() is only ever given bytes already counted.
  const bytes = await readBodyBounded(request, MAX_JSON_BYTES);
  const form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData().catch(() => {
    throw new AppError("bad_request", "The form could not be read.");
  });
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}
