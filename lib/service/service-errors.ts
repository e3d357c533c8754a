import "server-only";
import { z } from "zod";
import { AppError, codeForStatus } from "@/lib/errors";

// Turns what the service (or a proxy in front of it) answered into the app's one error class.
// The service's own `{ error, message }` passes through unchanged; anything else becomes a clear
// message of ours, so an HTML error page or a stack trace never reaches a browser.

const serviceErrorBody = z.looseObject({ error: z.string(), message: z.string() });

/** Seconds from a Retry-After header: delta-seconds or an HTTP-date. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Removes the token from any text that may reach a log or a browser. */
export function redact(text: string, token: string): string {
  return token ? text.split(token).join("[redacted]") : text;
}

export function unreadableAnswer(status: number, retryAfter?: number): AppError {
  if (status === 429) {
    return new AppError("rate_limited", "The image service is busy (HTTP 429). Please try again shortly.", {
      retryAfter,
    });
  }
  return new AppError(
    "bad_gateway",
    `The image service sent an unreadable answer (HTTP ${status}). Please try again in a moment.`,
    { retryAfter },
  );
}

/** The AppError for a non-2xx answer with its raw body text. */
export function errorFromResponse(
  status: number,
  retryAfterHeader: string | null,
  bodyText: string,
  token: string,
): AppError {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (status === 401) {
    // The browser's session is fine; it is the app's own credential the service refused.
    return new AppError(
      "bad_gateway",
      "The image service refused this app's service token (HTTP 401). An administrator needs to check PVS_API_TOKEN.",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return unreadableAnswer(status, retryAfter);
  }
  const parsed = serviceErrorBody.safeParse(json);
  if (!parsed.success || status < 400 || status > 599) return unreadableAnswer(status, retryAfter);
  return new AppError(codeForStatus(status), redact(parsed.data.message, token), {
    status,
    retryAfter,
    fromService: true,
  });
}

/** Network-level failures, by the code Node gives them. */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      current = errors[0];
      continue;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** AbortSignal.timeout's reason, and the upload's own idle-timeout error, are named TimeoutError. */
export function isTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TimeoutError";
}

/** Connection failures where the request certainly never reached the service. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

export function neverReachedService(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code !== undefined && NEVER_SENT.has(code);
}

export function unreachable(): AppError {
  return new AppError(
    "service_unavailable",
    "The image service cannot be reached right now. Please try again in a moment.",
  );
}

export function timedOut(seconds: number, mayHaveHappened: string | null): AppError {
  const tail = mayHaveHappened ? ` ${mayHaveHappened}` : " Please try again in a moment.";
  return new AppError("gateway_timeout", `The image service did not answer within ${seconds} s.${tail}`);
}

export function connectionBroke(mayHaveHappened: string | null): AppError {
  const tail = mayHaveHappened ? ` ${mayHaveHappened}` : " Please try again in a moment.";
  return new AppError("bad_gateway", `The connection to the image service broke before it answered.${tail}`);
}
