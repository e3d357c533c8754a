import "server-only";
import { AppError } from "@/lib/errors";
import { serviceConfig } from "./config";

// Ids become path segments. Anything that could change the path's meaning (a separator, a dot
// segment, a percent escape, a query or fragment) is refused before any request is made.

const MAX_ID_LENGTH = 128;
// Separators, escape and query/fragment starters, whitespace and control characters.
const FORBIDDEN = /[/\\?#%\s\u0000-\u001f\u007f-\u009f]/u;

export function assertSafeId(value: unknown, what: string): string {
  const id = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (
    typeof id !== "string" ||
    id.length === 0 ||
    id.length > MAX_ID_LENGTH ||
    id === "." ||
    id === ".." ||
    FORBIDDEN.test(id)
  ) {
    const shown = typeof id === "string" ? JSON.stringify(id.slice(0, 40)) : "The value";
    throw new AppError("bad_request", `${shown} is not a valid ${what}`);
  }
  return id;
}

/**
 * Builds the full URL of a service path such as `/product/${id}/generate-lora`, given the path
 * as literal pieces and already-validated ids, and checks the result stays under the prefix.
 */
export function servicePath(strings: TemplateStringsArray, ...ids: string[]): string {
  const { origin, prefix } = serviceConfig();
  let path = strings[0];
  ids.forEach((id, i) => {
    path += encodeURIComponent(id) + strings[i + 1];
  });
  const url = new URL(origin + prefix + path);
  if (url.origin !== origin || !url.pathname.startsWith(prefix + "/")) {
    throw new AppError("bad_request", "The request would leave the image service's address");
  }
  return url.toString();
}
