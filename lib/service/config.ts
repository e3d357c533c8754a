import "server-only";
import { env } from "@/lib/env";

// Where the service lives, read from the validated environment. The base URL may carry a path
// prefix (…/api/v1); every request path is appended to it, never resolved against it, so a
// prefix is never lost and nothing can climb above it.

export interface ServiceConfig {
  /** Origin of the API, e.g. http://127.0.0.1:4010 */
  origin: string;
  /** Path prefix without a trailing slash, e.g. /api/v1 ("" when none). */
  prefix: string;
  /** Asset origin and path prefix (with a trailing slash) the generated images live under. */
  assetBase: URL;
  token: string;
  timeoutMs: number;
}

export function serviceConfig(): ServiceConfig {
  const e = env();
  const base = new URL(e.PVS_BASE_URL);
  const asset = new URL(e.PVS_ASSET_URL);
  asset.search = "";
  asset.hash = "";
  if (!asset.pathname.endsWith("/")) asset.pathname += "/";
  return {
    origin: base.origin,
    prefix: base.pathname.replace(/\/+$/, ""),
    assetBase: asset,
    token: e.PVS_API_TOKEN,
    timeoutMs: e.PVS_TIMEOUT_MS,
  };
}
