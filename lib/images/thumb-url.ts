// The one way a generated shot is asked for at a given width: the thumbnail route
// (GET /api/images/thumb?src&w) for asset URLs, or a share link's own image route, which takes the
// same `w`. Client-safe: no server imports.

/**
 * Widths the routes make: small tiles; tiles and the first shot on a phone (about 380 CSS px at
 * 1.75–3 device pixels per px); a page-wide shot; the viewer.
 */
export const THUMB_WIDTHS = [240, 480, 720, 960, 1600] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];

export function isThumbWidth(value: number): value is ThumbWidth {
  return (THUMB_WIDTHS as readonly number[]).includes(value);
}

/** The thumbnail of an image on the asset origin, `w` pixels wide (or the original's width if smaller). */
export function thumbUrl(src: string, w: ThumbWidth = 480): string {
  return `/api/images/thumb?src=${encodeURIComponent(src)}&w=${w}`;
}

/**
 * A shot's image `w` pixels wide. Share pages hold the link's own image paths (they must not reveal
 * asset addresses), which are already the app's routes and take `w` as their parameter.
 */
export function sizedImageUrl(src: string, w: ThumbWidth): string {
  if (src.startsWith("/")) return `${src}${src.includes("?") ? "&" : "?"}w=${w}`;
  return thumbUrl(src, w);
}

/** The `srcset` of a shot: every width the routes make, so the browser picks by `sizes` and screen density. */
export function shotSrcSet(src: string): string {
  return THUMB_WIDTHS.map((w) => `${sizedImageUrl(src, w)} ${w}w`).join(", ");
}
