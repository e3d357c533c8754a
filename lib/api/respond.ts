import "server-only";
import { log } from "@/lib/log";
import { ZodError } from "zod";
import { isAppError } from "@/lib/errors";

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/**
 * Every error a route ends in becomes `{ error, message }` with its status. Errors from the
 * service keep its status and words; validation errors say which field; anything unknown is
 * logged here and answered as a generic 500, never echoed.
 */
/** One of the app's own small WebP images (a product's preview, a texture's thumbnail), kept a day by this browser only. */
export function ownWebp(webp: Buffer): Response {
  return new Response(new Uint8Array(webp), {
    headers: {
      "content-type": "image/webp",
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
}

export function toResponse(error: unknown): Response {
  if (isAppError(error)) {
    const headers: HeadersInit =
      error.retryAfter !== undefined ? { "retry-after": String(Math.ceil(error.retryAfter)) } : {};
    return json(error.toBody(), { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    const first = error.issues[0];
    return json({ error: "Bad Request", message: first?.message ?? "The request is not valid" }, { status: 400 });
  }
  log.error({ err: error }, "unexpected error");
  return json(
    { error: "Internal Server Error", message: "Something went wrong on our side. Try again in a moment." },
    { status: 500 },
  );
}
