import "server-only";
import { serviceConfig } from "./config";

// Generated images and previews live on the asset origin. The app keeps them as absolute URLs
// there; the API layer decides whether to proxy them, and uses isAssetUrl to refuse anything else.

/** True only for http(s) URLs on the configured asset origin and under its path. */
export function isAssetUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const { assetBase } = serviceConfig();
  return (
    (parsed.protocol === "http:" || parsed.protocol === "https:") &&
    parsed.origin === assetBase.origin &&
    parsed.username === "" &&
    parsed.password === "" &&
    parsed.pathname.startsWith(assetBase.pathname) &&
    !/%2e|%2f|%5c/i.test(parsed.pathname)
  );
}

/**
 * An absolute http(s) URL for what the service sent, or null. Relative paths under the API's
 * prefix resolve against the API origin; any other relative path against the asset URL.
 */
export function absoluteUrl(value: string): string | null {
  const { origin, prefix, assetBase } = serviceConfig();
  const trimmed = value.trim();
  if (!trimmed) return null;
  const underApi = prefix !== "" && trimmed.startsWith(prefix + "/");
  try {
    const url = new URL(trimmed, underApi ? origin : assetBase);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
