import "server-only";
import { serviceConfig } from "./config";

// Generated images and previews live on the asset origin. The app keeps each one by its asset key
// (its address relative to PVS_ASSET_URL, `images/abc.png`), never by the origin it was first
// served from: the origin changes (a local service on a new port, a service moving to a new CDN
// host) while the key names the same image. Addresses handed out are resolved against today's
// PVS_ASSET_URL; isAssetUrl refuses anything else, so only today's asset origin is ever fetched.

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

/**
 * The asset key of an image: its path (and query) relative to the asset base, the form the
 * database keeps. `value` may be a URL on any origin whose path lies under today's asset path
 * (an address from before the origin moved), or a key already. Null for anything else: a URL
 * whose path is elsewhere, an app route ("/api/…"), a key that climbs out of the base.
 */
export function assetKey(value: string): string | null {
  const { assetBase } = serviceConfig();
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.startsWith("/") || trimmed.startsWith("\\")) return null;
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      url = new URL(trimmed);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username !== "" || url.password !== "") return null;
    // Read on today's origin: the path decides, wherever it was first served from.
    const moved = new URL(assetBase.origin);
    moved.pathname = url.pathname;
    moved.search = url.search;
    url = moved;
  } else {
    try {
      url = new URL(trimmed.startsWith("./") ? trimmed : `./${trimmed}`, assetBase);
    } catch {
      return null;
    }
  }
  if (!isAssetUrl(url.toString())) return null;
  const key = `${url.pathname.slice(assetBase.pathname.length)}${url.search}`;
  return key === "" ? null : key;
}

/** Today's address of a kept image (a key, or an address from before the origin moved); null when it has none. */
export function assetUrlOf(stored: string): string | null {
  const key = assetKey(stored);
  return key === null ? null : new URL(`./${key}`, serviceConfig().assetBase).toString();
}

/** What the database keeps for an image address: its key, or the value unchanged when it has none. */
export const keptImage = (value: string): string => assetKey(value) ?? value;

/** The address a browser is given for a kept image: today's, or the value unchanged when it has none. */
export const shownImage = (stored: string): string => assetUrlOf(stored) ?? stored;
