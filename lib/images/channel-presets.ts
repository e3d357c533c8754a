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
  { id: "amazon-main", label: "Amazon main image (2000 × 2000, on white)", width: 2000, height: 2000, ratio: "1:1", onWhite: true },
  { id: "instagram-square", label: "Instagram square (1080 × 1080)", width: 1080, height: 1080, ratio: "1:1" },
  { id: "instagram-portrait", label: "Instagram portrait (1080 × 1350)", width: 1080, height: 1350, ratio: "4:5" },
  { id: "story", label: "Story / Reels (1080 × 1920)", width: 1080, height: 1920, ratio: "9:16" },
  { id: "web-hero", label: "Web hero (1920 × 1080)", width: 1920, height: 1080, ratio: "16:9" },
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

/** Whether an image of width × height has the preset's ratio (within 1 %, the rounding of sizes). */
export function imageFits(preset: ChannelPreset, width: number, height: number): boolean {
  if (!preset.ratio) return true;
  const [w, h] = preset.ratio.split(":").map(Number);
  return Math.abs(width / height / (w / h) - 1) <= 0.01;
}
