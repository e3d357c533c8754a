import { ASPECT_RATIOS, type AspectRatio } from "@/lib/types";

// The orientation words of the interface document's table of supported aspect ratios.
export const ASPECT_RATIO_NAMES: Record<AspectRatio, string> = {
  "16:9": "Landscape",
  "3:2": "Landscape",
  "5:4": "Almost square",
  "1:1": "Square",
  "4:5": "Portrait",
  "2:3": "Portrait",
  "9:16": "Vertical",
};

export const ASPECT_RATIO_OPTIONS = ASPECT_RATIOS.map((value) => ({
  value,
  label: `${value} ${ASPECT_RATIO_NAMES[value]}`,
}));

/** "16:9" → [16, 9]. */
export function ratioParts(ratio: AspectRatio): [number, number] {
  const [w, h] = ratio.split(":").map(Number);
  return [w, h];
}

/** The CSS `aspect-ratio` of a known ratio, so a box keeps its size before its image arrives. */
export function ratioCss(ratio: AspectRatio | null): string | undefined {
  if (!ratio) return undefined;
  const [w, h] = ratioParts(ratio);
  return `${w} / ${h}`;
}

/** Width and height in pixels of a small drawing of the ratio whose longest side is `size`. */
export function ratioBox(ratio: AspectRatio, size: number): { width: number; height: number } {
  const [w, h] = ratioParts(ratio);
  const scale = size / Math.max(w, h);
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
