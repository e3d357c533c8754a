// Where the grid gets its downsized copies (GET /api/images/thumb). Client-safe: no server imports.

export const THUMB_WIDTHS = [240, 480, 960] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];

export function isThumbWidth(value: number): value is ThumbWidth {
  return (THUMB_WIDTHS as readonly number[]).includes(value);
}

/** The thumbnail of an image on the asset origin, `w` pixels wide (or the original's width if smaller). */
export function thumbUrl(src: string, w: ThumbWidth = 480): string {
  return `/api/images/thumb?src=${encodeURIComponent(src)}&w=${w}`;
}

/** The smallest thumb width that covers `cssWidth` CSS pixels at `dpr`, capped at the largest. */
export function thumbWidthFor(cssWidth: number, dpr = 1): ThumbWidth {
  const needed = cssWidth * dpr;
  return THUMB_WIDTHS.find((w) => w >= needed) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1];
}
