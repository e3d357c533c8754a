import "server-only";
import { AppError } from "@/lib/errors";
import { currentRequestId } from "@/lib/log";
import { serviceConfig } from "./config";
import {
  connectionBroke,
  errorFromResponse,
  isTimeout,
  neverReachedService,
  timedOut,
  unreachable,
  unreadableAnswer,
} from "./service-errors";
import { isRetryableStatus, markTransient, withRetry } from "./retry";

// The one place small requests go to the service: token, timeout, retries for reads only,
// and every answer turned into JSON or an AppError. Product uploads stream through create-product.ts.

export interface PostOptions {
  /** Multipart form fields; none means an empty body. */
  form?: Record<string, string>;
  /** Said in the error when the outcome of a failed POST is unknown. */
  mayHaveHappened: string;
}

/** The request id of the app request being served, for the service's own logs to join up with ours. */
export function requestIdHeader(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { "X-Request-Id": requestId } : {};
}

/** GET a service URL (from servicePath) and return its JSON, retrying transient failures. */
export function serviceGet(url: string): Promise<unknown> {
  const { timeoutMs } = serviceConfig();
  return withRetry((msLeft) => once("GET", url, Math.max(1, Math.min(timeoutMs, msLeft)), null), timeoutMs);
}

/** POST to a service URL exactly once: creating twice could cost the customer twice. */
export function servicePost(url: string, options: PostOptions): Promise<unknown> {
  return once("POST", url, serviceConfig().timeoutMs, options);
}

async function once(
  method: "GET" | "POST",
  url: string,
  timeoutMs: number,
  post: PostOptions | null,
): Promise<unknown> {
  const { token } = serviceConfig();
  let body: FormData | undefined;
  if (post?.form) {
    body = new FormData();
    for (const [name, value] of Object.entries(post.form)) body.append(name, value);
  }
  let status: number;
  let retryAfter: string | null;
  let text: string;
  try {
    const response = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...requestIdHeader() },
      body,
      // A redirect could carry the token elsewhere; the interface shows none.
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    text = await response.text();
  } catch (error) {
    if (post) throw transportError(error, timeoutMs, post.mayHaveHappened);
    throw markTransient(transportError(error, timeoutMs, null));
  }
  if (status < 200 || status > 299) {
    const error = errorFromResponse(status, retryAfter, text, token);
    throw isRetryableStatus(status) ? markTransient(error) : error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadableAnswer(status);
  }
}

// For a POST the outcome is unknown unless the connection was certainly never made.
function transportError(error: unknown, timeoutMs: number, mayHaveHappened: string | null): AppError {
  if (isTimeout(error)) return timedOut(Math.round(timeoutMs / 100) / 10, mayHaveHappened);
  if (neverReachedService(error)) return unreachable();
  if (mayHaveHappened === null) return unreachable();
  return connectionBroke(mayHaveHappened);
}
