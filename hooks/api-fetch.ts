import type { ErrorBody } from "@/lib/types";

/** An error answer of the app's API, with the `{ error, message }` body and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** fetch for the app's own API: JSON in and out, `{ error, message }` bodies thrown as ApiError. */
export async function apiFetch<T>(input: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  let response: Response;
  try {
    response = await fetch(input, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  } catch {
    throw new ApiError(0, "Network Error", "Product Studio cannot be reached. Check your connection.");
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const err = body as Partial<ErrorBody> | null;
    const retryAfter = Number(response.headers.get("retry-after")) || undefined;
    throw new ApiError(
      response.status,
      err?.error ?? "Error",
      err?.message ?? `Something went wrong (HTTP ${response.status}). Try again.`,
      retryAfter,
    );
  }
  return body as T;
}
