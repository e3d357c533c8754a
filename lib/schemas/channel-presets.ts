import type { AspectRatio } from "@/lib/types";

// Export for the channel: the sizes the places our users publish to ask for, made with sharp on
// the way out. A preset has the ratio it needs and is offered only for shots of that ratio:
// nothing is ever cropped to fit. Client-safe: the download menus list them.

export interface ChannelPreset {
  id: string;
  label: string;
  width: number;
  height: number;
  /** The shot's ratio this size needs; null keeps the shot's own size. */
  ratio: AspectRatio | null;
  /** Flatten on white (marketplaces ask for a pure white background). */
  onWhite?: boolean;
}

export const CHANNEL_PRESETS = [
  { id: "original", label: "Original size", width: 0, height: 0, ratio: null },
  {
    id: "amazon-main",
    label: "Amazon main image (2000 × 2000, on white)",
    width: 2000,
    height: 2000,
    ratio: "1:1",
    onWhite: true,
  },
  { id: "instagram-square", label: "Instagram square (1080 × 1080)", width: 1080, height: 1080, ratio: "1:1" },
  { id: "instagram-portrait", label: "Instagram portrait (1080 × 1350)", width: 1080, height: 1350, ratio: "4:5" },
  { id: "story", label: "Story / Reels (1080 × 1920)", width: 1080, height: 1920, ratio: "9:16" },
  { id: "web-hero", label: "Web hero (1920 × 1080)", width: 1920, height: 1080, ratio: "16:9" },
  { id: "pinterest-pin", label: "Pinterest pin (1000 × 1500)", width: 1000, height: 1500, ratio: "2:3" },
  { id: "web-banner", label: "Web banner (1800 × 1200)", width: 1800, height: 1200, ratio: "3:2" },
  { id: "print-10x8", label: "Print 10 × 8 in (3000 × 2400)", width: 3000, height: 2400, ratio: "5:4" },
] as const satisfies readonly ChannelPreset[];

export type ChannelPresetId = (typeof CHANNEL_PRESETS)[number]["id"];

export const EXPORT_FORMATS = [
  { id: "jpeg", label: "JPEG", extension: "jpg", contentType: "image/jpeg" },
  { id: "png", label: "PNG", extension: "png", contentType: "image/png" },
  { id: "webp", label: "WebP", extension: "webp", contentType: "image/webp" },
] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number]["id"];

export function presetById(id: ChannelPresetId | undefined): ChannelPreset {
  return CHANNEL_PRESETS.find((p) => p.id === id) ?? CHANNEL_PRESETS[0];
}

export function formatById(id: ExportFormat) {
  return EXPORT_FORMATS.find((f) => f.id === id) ?? EXPORT_FORMATS[0];
}

/** The presets that fit every one of these ratios (an unknown ratio fits only "Original size"). */
export function presetsFor(ratios: readonly (AspectRatio | null)[]): ChannelPreset[] {
  return CHANNEL_PRESETS.filter((p) => p.ratio === null || (ratios.length > 0 && ratios.every((r) => r === p.ratio)));
}

/**
 * Why only "Original size" is offered for these ratios, in words (null when a channel size is).
 * Every ratio of the interface has a channel size; a mix of ratios cannot share one.
 */
export function whyNoChannelSize(ratios: readonly (AspectRatio | null)[]): string | null {
  if (presetsFor(ratios).length > 1) return null;
  if (ratios.length === 0 || ratios.some((r) => r === null))
    return "Channel sizes are offered once the shot's ratio is known.";
  return `Channel sizes are offered when every chosen shot has one ratio; these have ${new Set(ratios).size} (${[...new Set(ratios)].join(", ")}).`;
}

/** A preset's words for shots smaller than it: it enlarges them, which adds no detail. */
export function enlargeNote(preset: ChannelPreset): string | null {
  if (!preset.ratio) return null;
  return `Shots smaller than ${preset.width} × ${preset.height} are enlarged to it, which adds no detail; choose “Original size” to keep the shot as it was made.`;
}

/** Whether an image of width × height has the preset's ratio (within 1 %, the rounding of sizes). */
export function imageFits(preset: ChannelPreset, width: number, height: number): boolean {
  if (!preset.ratio) return true;
  const [w, h] = preset.ratio.split(":").map(Number);
  return Math.abs(width / height / (w / h) - 1) <= 0.01;
}
