import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { currentRequestId } from "@/lib/log";
import { timeCall } from "./call-metrics";
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
  const onRetry = () => timeCall("GET", url).retried();
  return withRetry((msLeft) => once("GET", url, Math.max(1, Math.min(timeoutMs, msLeft)), null), timeoutMs, onRetry);
}

/**
 * What is known of a failed POST: the service's status when it answered, and whether the
 * operation may still have happened (no answer, a 5xx, or a 2xx the app could not read). A POST
 * that failed before anything was sent, or that the service refused with a 4xx, made nothing.
 */
export interface PostFailure {
  status?: number;
  mayHaveHappened: boolean;
}
const postFailures = new WeakMap<AppError, PostFailure>();

export function postFailureOf(error: unknown): PostFailure {
  return (isAppError(error) && postFailures.get(error)) || { mayHaveHappened: false };
}

/** Marks an error of a POST whose outcome is unknown (e.g. its 2xx answer could not be read). */
export function markMayHaveHappened(error: AppError, status?: number): AppError {
  postFailures.set(error, { status, mayHaveHappened: true });
  return error;
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
  const call = timeCall(method, url);
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
    call.answered(status);
  } catch (error) {
    call.failed(error);
    if (post) {
      const failure = transportError(error, timeoutMs, post.mayHaveHappened);
      postFailures.set(failure, { mayHaveHappened: !neverReachedService(error) });
      throw failure;
    }
    throw markTransient(transportError(error, timeoutMs, null));
  }
  if (status < 200 || status > 299) {
    const error = errorFromResponse(status, retryAfter, text, token);
    // A 5xx to a POST may come after the work was done (a proxy's timeout, a crash on the way out).
    if (post) postFailures.set(error, { status, mayHaveHappened: status >= 500 });
    throw isRetryableStatus(status) ? markTransient(error) : error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const error = unreadableAnswer(status);
    throw post ? markMayHaveHappened(error, status) : error;
  }
}

// For a POST the outcome is unknown unless the connection was certainly never made.
function transportError(error: unknown, timeoutMs: number, mayHaveHappened: string | null): AppError {
  if (isTimeout(error)) return timedOut(Math.round(timeoutMs / 100) / 10, mayHaveHappened);
  if (neverReachedService(error)) return unreachable();
  if (mayHaveHappened === null) return unreachable();
  return connectionBroke(mayHaveHappened);
}
