export const ZOOM_LEVELS = [1, 1.5, 2, 3, 4] as const;

/** The next zoom level up (+1) or down (-1) from `zoom`, staying within the levels. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const at = ZOOM_LEVELS.findIndex((level) => level >= zoom);
  const index = Math.min(ZOOM_LEVELS.length - 1, Math.max(0, (at === -1 ? ZOOM_LEVELS.length - 1 : at) + direction));
  return ZOOM_LEVELS[index];
}
